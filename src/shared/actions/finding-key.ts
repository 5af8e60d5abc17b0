/**
 * A self-assessment finding as an action's finding key: findings of one work area share a prefix, so a
 * later attempt of that area can verify them (src/server/domain/actions/create-actions.ts). A module of
 * its own, so the report page can name its findings' actions without the workflow tables.
 */
export const findingActionKey = (area: string, findingId: string) => `${area}:${findingId}`;
