import type { Kysely } from 'kysely';
import type { ServerConfig } from './config';
import type { Database } from './db/schema';
import type { Mailer } from './mail/mailer';
import type { SessionClient, SessionUser } from '../shared/model';

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
  readonly permissions: readonly string[];
  /** The SPEC §3 user as get-user returns it, loaded with the session. */
  readonly profile: SessionUser;
  /** The SPEC §3 client of the session (the family's client), loaded in the same query. */
  readonly client: SessionClient;
  readonly seats: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
    payload: unknown;
  }
}
