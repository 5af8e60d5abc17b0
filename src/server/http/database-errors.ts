/**
 * The last line of defence behind the request checks (request-guards.ts, payload-guards.ts): when
 * the database itself refuses a value, the caller sent something wrong, not the server. SQLSTATE
 * class 22 (data exception: out of range, bad text, NUL) and class 23 (integrity constraint: a
 * duplicate, a missing reference, a CHECK) become 400 or 409 with a plain message, never a 500 and
 * never the database's own words (OWASP ASVS V7.4.1). Two requests racing to create the same e-mail
 * both pass the handler's look-up; the unique index then decides, and the loser hears 409.
 */
export function databaseRefusal(error: unknown): { status: number; message: string } | null {
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string' || !/^2[23][0-9A-Z]{3}$/.test(code)) return null;
  if (code === '23505') return { status: 409, message: 'This record already exists; reload and try again.' };
  if (code === '23503') return { status: 400, message: 'The request names a record that does not exist.' };
  return { status: 400, message: 'A value in the request is not valid.' };
}
