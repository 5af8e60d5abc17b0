import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from './schema';

/** SQL text → statement name, for the connection wrapper in connect.ts. */
const names = new Map<string, string>();

/** The name under which PostgreSQL keeps this SQL text prepared, when it was declared with `prepared`. */
export function preparedName(text: string): string | undefined {
  return names.get(text);
}

/**
 * A hot-path query written once as plain SQL: no query-builder work per call, and on PostgreSQL a
 * named prepared statement, so each pooled connection parses and plans it once and then only binds
 * parameters. PGlite runs the same text as an ordinary parameterised query.
 *
 * @example
 *   const byId = prepared<{ email: string }>('user_email', 'SELECT email FROM users WHERE id = $1');
 *   const rows = await byId(db, [42]);
 */
export function prepared<Row>(name: string, text: string): (db: Kysely<Database>, parameters: readonly unknown[]) => Promise<Row[]> {
  if ([...names.values()].includes(name)) throw new Error(`Prepared statement ${name} is declared twice`);
  names.set(text, name);
  return async (db, parameters) => (await db.executeQuery<Row>(CompiledQuery.raw(text, [...parameters]))).rows;
}
