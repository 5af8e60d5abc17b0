/**
 * The last line of defence behind the request checks (request-guards.ts, payload-guards.ts): when
 * the database itself refuses a value, the caller sent something wrong, not the server. SQLSTATE
 * class 22 (data exception: out of range, bad text, NUL) and class 23 (integrity constraint: a
 * duplicate, a missing reference, a CHECK) become 400 or 409 with a plain message, never a 500 and
 * never the database's own words (OWASP ASVS V7.4.1).
 */

/**
 * Names people choose that must be unique, by the unique index that guards each: the field the
 * form shows the problem under and the sentence it shows. The handlers' own look-ups answer with
 * these same words; when two requests race past the look-up (two tabs, two administrators, a
 * retried request), the index decides and the loser hears the same field error, not a generic 409
 * (SPEC §5 form errors).
 */
export const NAME_TAKEN = {
  users_email_ci: { field: 'email', message: 'The email has already been taken.' },
  clients_company_code_ci: { field: 'company_code', message: 'The company code has already been taken.' },
  roles_display_name_lower: { field: 'name', message: 'The Role Name has already been taken.' },
  roles_name_key: { field: 'name', message: 'The Role Name has already been taken.' },
  email_templates_name_key: { field: 'name', message: 'A template with this name already exists.' },
  custom_permissions_name_key: { field: 'name', message: 'A permission with this name already exists.' },
  blog_posts_slug_key: { field: 'slug', message: 'A post with this address already exists.' },
  user_groups_client_name: { field: 'name', message: 'This client already has a group with this name.' },
} as const satisfies Record<string, { field: string; message: string }>;
export type GuardedName = keyof typeof NAME_TAKEN;

/** The field error of a name already taken: the handlers' look-ups and the race's loser alike. */
export const nameTaken = (index: GuardedName) => {
  const { field, message } = NAME_TAKEN[index];
  return { message, fields: { [field]: message } as Record<string, string> };
};

export function databaseRefusal(error: unknown): { status: number; message: string; fields?: Record<string, string> } | null {
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  if (typeof code !== 'string' || !/^2[23][0-9A-Z]{3}$/.test(code)) return null;
  if (code === '23505' && typeof constraint === 'string' && constraint in NAME_TAKEN)
    return { status: 400, ...nameTaken(constraint as GuardedName) };
  if (code === '23505') return { status: 409, message: 'This record already exists; reload and try again.' };
  if (code === '23503') return { status: 400, message: 'The request names a record that does not exist.' };
  return { status: 400, message: 'A value in the request is not valid.' };
}
