import type { Kysely } from 'kysely';
import type { ServerConfig } from './config';
import type { Database } from './db/schema';
import type { Mailer } from './mail/mailer';
import type { SessionClient, SessionUser } from '../shared/model';
import type { Permission } from '../../generated/permissions';

/** What every route handler may use; `now` is injectable so tests can move the clock. */
export interface AppContext {
  readonly db: Kysely<Database>;
  readonly config: ServerConfig;
  readonly secret: Uint8Array;
  readonly mailer: Mailer;
  now(): Date;
}

/** The signed-in caller, attached to the request by the authentication hook. */
export interface Caller {
  readonly userId: number;
  readonly familyId: string;
  readonly clientId: number;
  readonly email: string;
  readonly roleName: string;
  /** The role's permissions that the manifest declares (a retired name left in the database is dropped). */
  readonly permissions: readonly Permission[];
  /** The SPEC §3 user as get-user returns it, loaded with the session. */
  readonly profile: SessionUser;
  /** The SPEC §3 client of the session (the family's client), loaded in the same query. */
  readonly client: SessionClient;
  readonly seats: number;
}

/**
 * Whether the caller's role holds a manifest permission (docs/product.md §6). Typed by the generated
 * Permission union, so a misspelt or removed permission fails `npm run typecheck`; custom permissions
 * an administrator adds are checked by the routes' declared permissions, never by name in code.
 */
export function holds(caller: Pick<Caller, 'permissions'>, permission: Permission): boolean {
  return caller.permissions.includes(permission);
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
    payload: unknown;
  }
}
