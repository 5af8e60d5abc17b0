import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../generated/api';
import type { ApiCallDefinition } from '../../src/shared/model';
import { Agent, type Answer } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * Every call of manifest/api/*.yaml for every demo role: the server's gate answers exactly what the
 * manifest and the role's permissions say (SPEC §6; fastify/demo "every route has its 401 and 403").
 * The table is generated/api.ts, so a call added tomorrow is checked the day it is added.
 */
const ROLES = {
  employee: ACCOUNTS.employee,
  'video viewer': ACCOUNTS.videoViewer,
  manager: ACCOUNTS.manager,
  'client manager': ACCOUNTS.clientManager,
  evaluator: ACCOUNTS.evaluator,
  admin: ACCOUNTS.admin,
  'super admin': ACCOUNTS.superAdmin,
} as const;

interface Member {
  readonly agent: Agent;
  readonly roleName: string;
  readonly permissions: ReadonlySet<string>;
}

let server: TestServer;
let guest: Agent;
const members = new Map<string, Member>();

beforeAll(async () => {
  server = await startTestServer();
  guest = new Agent(server.url);
  for (const [label, email] of Object.entries(ROLES)) {
    const agent = new Agent(server.url);
    expect((await agent.login(email, PASSWORD)).status, label).toBe(200);
    // What the role holds, read from the database the server decides on, not listed by hand.
    const user = await server.ctx.db
      .selectFrom('users')
      .innerJoin('roles', 'roles.id', 'users.role_id')
      .select(['roles.id', 'roles.name'])
      .where('users.email', '=', email)
      .executeTakeFirstOrThrow();
    const granted = await server.ctx.db.selectFrom('role_permissions').select('permission').where('role_id', '=', user.id).execute();
    members.set(label, { agent, roleName: user.name, permissions: new Set(granted.map((g) => g.permission)) });
  }
});
afterAll(async () => {
  await server?.close();
});

/** A request that cannot change anything: ids that do not exist, and an empty payload the schema refuses. */
function harmless(agent: Agent, call: ApiCallDefinition): Promise<Answer> {
  const path = call.path.replace(/:\w+\??/g, '999999');
  if (call.method === 'GET') return agent.get(path);
  if (call.body) return agent.post(path, {});
  return agent.raw(call.method, `/blogs/api${path}`, '{}');
}

type Gate = 'unauthenticated' | 'forbidden' | 'passes';

/** What the manifest demands of the gate for this caller (null: a guest). */
function demanded(call: ApiCallDefinition, member: Member | null): Gate {
  if (call.auth === 'session' && !member) return 'unauthenticated';
  if (!member) return 'passes';
  if (call.permissions.length > 0 && !call.permissions.some((p) => member.permissions.has(p))) return 'forbidden';
  if (call.access === 'superadmin' && member.roleName !== 'Super_admin') return 'forbidden';
  return 'passes';
}

function matches(gate: Gate, answer: Answer): boolean {
  if (answer.status >= 500) return false;
  if (gate === 'unauthenticated') return answer.status === 401;
  if (gate === 'forbidden') return answer.status === 403;
  return answer.status !== 401 && answer.status !== 403;
}

describe('access matrix derived from manifest/api/*.yaml', () => {
  it("answers every call for every role as the manifest and the role's permissions demand", async () => {
    const wrong: string[] = [];
    let checked = 0;
    // Public calls are tried by the guest only: a signed-in agent must keep its session (logout, refresh).
    const sessionCalls = apiCalls.filter((c) => c.auth === 'session');
    for (const call of apiCalls) {
      const callers: [string, Member | null][] = [['guest', null], ...(call.auth === 'session' ? [...members] : [])];
      for (const [label, member] of callers) {
        const gate = demanded(call, member);
        const answer = await harmless(member?.agent ?? guest, call);
        checked += 1;
        if (call.auth === 'public' && answer.status === 403) wrong.push(`${call.name} as ${label}: public call answered 403`);
        else if (call.auth === 'session' && !matches(gate, answer))
          wrong.push(`${call.name} as ${label}: expected ${gate}, got ${answer.status} ${JSON.stringify(answer.body.errors ?? '')}`);
        else if (answer.status >= 500) wrong.push(`${call.name} as ${label}: ${answer.status}`);
      }
    }
    console.log(
      `calls × roles checked: ${checked} (${sessionCalls.length} signed-in calls × ${members.size + 1} callers, ${apiCalls.length - sessionCalls.length} public calls as guest)`,
    );
    expect(wrong).toEqual([]);
    expect(checked).toBe(sessionCalls.length * (members.size + 1) + (apiCalls.length - sessionCalls.length));
    // About 1,500 sequential requests: under a loaded machine they take longer than the project's 30 s.
  }, 180_000);

  it('gates before reading the body: a caller without the permission gets 403, not the 400 of the empty payload', async () => {
    const withBody = apiCalls.filter((c) => c.auth === 'session' && c.body && c.method !== 'GET');
    let refused = 0;
    for (const call of withBody) {
      for (const [label, member] of members) {
        if (demanded(call, member) !== 'forbidden') continue;
        const answer = await harmless(member.agent, call);
        expect(answer.status, `${call.name} as ${label}`).toBe(403);
        refused += 1;
      }
    }
    console.log(`refused before validation: ${refused}`);
    expect(refused).toBeGreaterThan(0);
  });

  it('declares the roles and permission calls Super_admin only (SPEC §6) and refuses an Admin holding every role permission', async () => {
    const superOnly = apiCalls.filter((c) => c.access === 'superadmin');
    expect(superOnly.map((c) => c.name)).toEqual(
      expect.arrayContaining([
        'admin_roles',
        'admin_role_update',
        'admin_role_create',
        'get_role_permissions',
        'admin_permissions',
        'admin_permission_create',
      ]),
    );
    const admin = members.get('admin')!;
    expect(['role-view', 'role-add', 'role-edit'].every((p) => admin.permissions.has(p))).toBe(true);
    const before = await server.ctx.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'permission.denied')
      .where('actor_email', '=', ACCOUNTS.admin)
      .execute();
    for (const call of superOnly) expect((await harmless(admin.agent, call)).status, call.name).toBe(403);
    const after = await server.ctx.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'permission.denied')
      .where('actor_email', '=', ACCOUNTS.admin)
      .execute();
    // Each refusal is audited as a denial.
    expect(after.length - before.length).toBe(superOnly.length);
  });
});
