import type { Kysely } from 'kysely';
import { audit } from '../../audit/audit';
import { clientPayload } from '../../auth/profile';
import { revokeFamily } from '../../auth/session-store';
import { clearSessionCookies } from '../../http/cookies';
import type { Caller } from '../../context';
import { keepWayBack, switchableClients } from './switch-policy';
import type { Database } from '../../db/schema';
import { fail, ok } from '../../http/replies';
import type { AreaHandlers } from '../../http/handler-types';

async function listClients(db: Kysely<Database>, caller: Caller) {
  return (await switchableClients(db, caller)).map((c) => ({ id: c.id, logo: c.logo, company_name: c.company_name }));
}

export const clientHandlers = {
  async clients(ctx, request, reply) {
    return ok(reply, { clients: await listClients(ctx.db, request.caller) });
  },

  async check_domain(ctx, request, reply) {
    return ok(reply, { clients: await listClients(ctx.db, request.caller) });
  },

  async remove_user(ctx, request, reply) {
    // SPEC §4: closing the client-switch popup asks the server; 0 means nothing is pending, close.
    const caller = request.caller;
    if (caller.profile.sso_status !== 1) return ok(reply, { delete: 0 });
    // An SSO sign-in still waiting for its client choice is abandoned: its session is removed, so
    // nobody is left signed in to a client they never chose (1: the browser returns to SSO sign-in).
    // The change and its audit entry commit together or not at all (ASVS V7.3).
    await ctx.db.transaction().execute(async (trx) => {
      await revokeFamily(trx, caller.familyId, 'sso-client-not-chosen', ctx.now());
      await trx.updateTable('users').set({ sso_status: 0 }).where('id', '=', caller.userId).execute();
      await audit(
        trx,
        {
          actorId: caller.userId,
          actorEmail: caller.email,
          clientId: caller.clientId,
          action: 'sso.client_choice_abandoned',
          address: request.ip,
        },
        ctx.now(),
      );
    });
    clearSessionCookies(request, reply);
    return ok(reply, { delete: 1 });
  },

  async get_client_region(ctx, request, reply) {
    const id = Number(request.params.clientId);
    const client = (await switchableClients(ctx.db, request.caller)).find((c) => c.id === id);
    // Another tenant's client is indistinguishable from a missing one.
    if (!client) return fail(reply, 404, 'Client not found.');
    return ok(reply, { regions: client.regions.map((name) => ({ id: name, name })) });
  },

  async update_sso_clients(ctx, request, reply) {
    const caller = request.caller;
    const { client_id: clientId, region } = request.payload;
    const client = (await switchableClients(ctx.db, caller)).find((c) => c.id === clientId);
    if (!client) return fail(reply, 404, 'Client not found.');
    if (region !== undefined && !client.regions.includes(region)) return fail(reply, 400, 'Region is required');
    // SPEC §6 Region: required in the client popup when the user signed in with SSO.
    if (caller.profile.sso_status === 1 && region === undefined) return fail(reply, 400, 'Region is required');
    await ctx.db.transaction().execute(async (trx) => {
      await keepWayBack(trx, caller, clientId);
      await trx.updateTable('refresh_families').set({ client_id: clientId }).where('id', '=', caller.familyId).execute();
      await trx
        .updateTable('users')
        .set({ client_id: clientId, ...(region ? { region } : {}), sso_status: 0 })
        .where('id', '=', caller.userId)
        .execute();
      await audit(
        trx,
        {
          actorId: caller.userId,
          actorEmail: caller.email,
          clientId,
          action: 'client.switched',
          target: `client:${clientId}`,
          address: request.ip,
          details: { from: caller.clientId },
        },
        ctx.now(),
      );
    });
    const { seats: _seats, ...companyData } = await clientPayload(ctx.db, clientId);
    return ok(reply, { companyData, companyCode: client.company_code }, 'Client changed successfully.');
  },

  async update_user_region(ctx, request, reply) {
    const caller = request.caller;
    const { region } = request.payload;
    const client = await ctx.db.selectFrom('clients').select('regions').where('id', '=', caller.clientId).executeTakeFirstOrThrow();
    if (!client.regions.includes(region)) return fail(reply, 400, "Region is not one of your company's regions.");
    await ctx.db.updateTable('users').set({ region }).where('id', '=', caller.userId).execute();
    return ok(reply, undefined, 'Region saved.');
  },
} satisfies AreaHandlers<'clients'>;
