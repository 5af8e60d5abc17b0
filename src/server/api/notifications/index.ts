import type { AreaTable } from '../../http/handler-types';
import { adminEmailTemplateHandlers } from './admin-email-templates';
import { adminNotificationHandlers } from './admin-notifications';

/**
 * Every call of manifest/api/notifications.yaml with its handler, and nothing else: a call of the area left
 * without one, or a handler of another area's call, fails `npm run typecheck` here (src/server/api/README.md).
 */
export const notificationsTable: AreaTable<'notifications'> = {
  ...adminEmailTemplateHandlers,
  ...adminNotificationHandlers,
};
