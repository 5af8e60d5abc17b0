import { expect } from 'vitest';
import { Agent } from './agent';
import { ACCOUNTS, PASSWORD } from './accounts';
import { startTestProvider, type TestProvider } from './oidc-provider';
import type { TestServer } from './test-server';

export interface SsoWorld {
  readonly provider: TestProvider;
  readonly admin: Agent;
  readonly northwindId: number;
  readonly contosoId: number;
}

/**
 * A provider with two registered portal clients and the portal configured, through its own admin
 * calls, for two companies: Northwind (northwind.example) and Contoso (contoso.example), both also
 * claiming the shared domain shared.example (SPEC §2 /user/select-client/:multidomain).
 */
export async function configureSso(server: TestServer): Promise<SsoWorld> {
  const provider = await startTestProvider([`${server.url}/blogs/api/sso/callback`]);
  const admin = new Agent(server.url);
  expect((await admin.login(ACCOUNTS.admin, PASSWORD)).status).toBe(200);
  const ids = async (code: string) =>
    (await server.ctx.db.selectFrom('clients').select('id').where('company_code', '=', code).executeTakeFirstOrThrow()).id;
  const northwindId = await ids('NW01');
  const contosoId = await ids('CON1');
  for (const [clientId, oidcClient, domains] of [
    [northwindId, 'northwind-portal', 'northwind.example, shared.example'],
    [contosoId, 'contoso-portal', 'contoso.example, Shared.example'],
  ] as const) {
    const saved = await admin.post('/admin/sso-configurations', {
      client_id: clientId,
      issuer: provider.issuer,
      oidc_client_id: oidcClient,
      oidc_client_secret: provider.clients[oidcClient],
      domains,
      enabled: true,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }
  return { provider, admin, northwindId, contosoId };
}

/** Starts SSO for an e-mail as a fresh browser would; returns the agent and the sso-login answer. */
export async function startSso(server: TestServer, email: string, extra: Record<string, unknown> = {}) {
  const agent = new Agent(server.url);
  const answer = await agent.post('/client/sso-login', { email, ...extra });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return {
    agent,
    answer,
    data: answer.data as {
      authorization_url?: string;
      redirect?: string;
      multidomain?: string;
      clients?: { id: number; company_name: string }[];
    },
  };
}
