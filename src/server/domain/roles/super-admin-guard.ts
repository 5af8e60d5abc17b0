import { sql, type Kysely } from 'kysely';
import type { FastifyReply } from 'fastify';
import type { SignedInRequest } from '../../http/handler-types';
import { audit } from '../../audit/audit';
import type { AppContext, Caller } from '../../context';
import type { Database } from '../../db/schema';
import { fail, failCoded } from '../../http/replies';
import type { CodedMessage } from '../../../shared/server-messages';
import { SUPER_ADMIN } from './role-names';

export const SUPER_ADMIN_ACCOUNT_ONLY = 'Only a Super_admin may change a Super_admin account.';
export const SUPER_ADMIN_ROLE_ONLY = 'Only a Super_admin may give the Super_admin role.';
export const SUPER_ADMIN_ROLE_FIXED = 'The Super_admin role always holds every permission and cannot be changed.';
export const LAST_SUPER_ADMIN = 'The last active Super_admin cannot be demoted or disabled.';

/** Why a change to an account is refused: 403 (not allowed to this caller) or 409 (would leave no Super_admin). */
export interface Refusal {
  readonly status: 403 | 409;
  readonly message: string;
  /** The message by code, when it has variable parts the web app words in the reader's language. */
  readonly coded?: CodedMessage;
}

/** The id of the Super_admin role (SPEC §6), or null on a database without one. */
export async function superAdminRoleId(db: Kysely<Database>): Promise<number | null> {
  const row = await db.selectFrom('roles').select('id').where('name', '=', SUPER_ADMIN).executeTakeFirst();
  return row?.id ?? null;
}

/**
 * Locks an account's row before a change reads and writes it, together with every active
 * Super_admin's row, in id order in one statement: the change reads the account as it stands (its
 * audit "before"), and two changes that then check the Super_admin rule on locked rows
 * (accountChangeRefusal) queue instead of deadlocking.
 */
export async function lockAccountRows(db: Kysely<Database>, id: number): Promise<void> {
  await sql`SELECT id FROM users WHERE id = ${id}
    OR (status = 'active' AND role_id IN (SELECT r.id FROM roles r WHERE r.name = ${SUPER_ADMIN})) ORDER BY id FOR UPDATE`.execute(db);
}

interface AccountState {
  readonly id: number;
  readonly role_id: number;
  readonly status: string;
}

/**
 * The rule for every path that changes an account (admin form, import, SSO, any later status call):
 * - only a Super_admin may change a Super_admin account in any way (name, e-mail, password, client,
 *   role, status): otherwise an Admin could take it over by setting its password or e-mail (ASVS V4.1.3,
 *   least privilege; V4.2.1, protection of sensitive records);
 * - only a Super_admin may give the Super_admin role;
 * - the last active Super_admin may never lose the role or be disabled (409): the roles pages would
 *   then be out of everyone's reach (SPEC §6).
 * `before` is null for a new account. Run it inside the transaction that writes the change: the
 * Super_admin rows are locked, so two Super_admins demoting each other at once cannot both succeed.
 */
export async function accountChangeRefusal(
  db: Kysely<Database>,
  caller: Pick<Caller, 'roleName'>,
  before: AccountState | null,
  after: { readonly role_id: number; readonly status: string },
): Promise<Refusal | null> {
  const superRole = await superAdminRoleId(db);
  if (superRole === null) return null;
  const isSuper = caller.roleName === SUPER_ADMIN;
  if (before?.role_id === superRole && !isSuper) return { status: 403, message: SUPER_ADMIN_ACCOUNT_ONLY };
  if (after.role_id === superRole && before?.role_id !== superRole && !isSuper) return { status: 403, message: SUPER_ADMIN_ROLE_ONLY };
  const losesRole =
    before !== null &&
    before.role_id === superRole &&
    before.status === 'active' &&
    (after.role_id !== superRole || after.status !== 'active');
  if (!losesRole) return null;
  // Every active Super_admin row is locked, always in id order, so concurrent changes queue instead of deadlocking.
  const active = await sql<{
    id: number;
  }>`SELECT id FROM users WHERE role_id = ${superRole} AND status = 'active' ORDER BY id FOR UPDATE`.execute(db);
  return active.rows.some((row) => row.id !== before.id) ? null : { status: 409, message: LAST_SUPER_ADMIN };
}

/** Replies with the refusal and audits it as a denial (ASVS V7.2.2: access control failures are logged). */
export async function refuseChange(ctx: AppContext, request: SignedInRequest, reply: FastifyReply, refusal: Refusal, target: string) {
  const caller = request.caller;
  await audit(
    ctx.db,
    {
      actorId: caller.userId,
      actorEmail: caller.email,
      clientId: caller.clientId,
      action: 'permission.denied',
      target,
      address: request.ip,
      details: { reason: refusal.message },
    },
    ctx.now(),
  );
  return refusal.coded ? failCoded(reply, refusal.status, refusal.coded) : fail(reply, refusal.status, refusal.message);
}
