import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInPageFile } from '../../src/shared/signed-in-pages';
import { GUIDANCE_NEXT_STEP } from '../../src/shared/static-shell';
import { Agent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * Guidance pages pre-rendered in the signed-in layout (src/server/signed-in-pages.ts) go only to a
 * caller whose access cookie authenticates and whom the browser's guard would let in; everyone else
 * gets the plain application shell, as before.
 */
const SHELL = '<!doctype html>\n<html lang="en"><head><title>ErgoPortal</title></head><body><div id="root"></div></body></html>';
const page = (marker: string) =>
  SHELL.replace('<div id="root"></div>', `<div id="root"><article class="content-page"><h1>${marker}</h1></article></div>`);

let server: TestServer;
let webDir: string;
beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), 'ergoportal-web-'));
  writeFileSync(join(webDir, 'index.html'), SHELL);
  for (const [path, marker] of [
    ['/user/posture_perfect', 'Posture Perfect guidance'],
    ['/user/airplane-travel', 'Airplane Travel guidance'],
  ]) {
    const file = signedInPageFile(webDir, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, page(marker).replace('</article>', `</article>${GUIDANCE_NEXT_STEP}`));
  }
  server = await startTestServer({ WEB_DIR: webDir });
});
afterAll(async () => {
  await server?.close();
  rmSync(webDir, { recursive: true, force: true });
});

async function signedIn(email: string): Promise<Agent> {
  const agent = new Agent(server.url);
  expect((await agent.login(email, PASSWORD)).status).toBe(200);
  return agent;
}

async function html(path: string, agent?: Agent): Promise<{ text: string; headers: Headers }> {
  const cookie = agent ? [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ') : '';
  const response = await fetch(`${server.url}${path}`, { headers: cookie ? { cookie } : {} });
  expect(response.status).toBe(200);
  return { text: await response.text(), headers: response.headers };
}

describe('signed-in guidance pages', () => {
  it('sends the plain shell without the guidance content to a caller without a cookie', async () => {
    const { text, headers } = await html('/user/posture_perfect');
    expect(text).toBe(SHELL);
    expect(text).not.toContain('Posture Perfect guidance');
    expect(headers.get('vary')).toMatch(/cookie/i);
  });

  it('sends the pre-rendered page to a signed-in employee allowed to open it, never to be cached for others', async () => {
    const { text, headers } = await html('/user/posture_perfect', await signedIn(ACCOUNTS.employee));
    expect(text).toContain('Posture Perfect guidance');
    expect(headers.get('cache-control')).toBe('private, no-cache');
    expect(headers.get('vary')).toMatch(/cookie/i);
  });

  it('sends the plain shell for a forged or signed-out access cookie', async () => {
    const forged = new Agent(server.url);
    forged.cookies.set('ep_access', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.forged');
    expect((await html('/user/posture_perfect', forged)).text).toBe(SHELL);
    const agent = await signedIn(ACCOUNTS.employee);
    const access = agent.cookies.get('ep_access')!;
    expect((await agent.get('/logout')).status).toBe(200);
    agent.cookies.set('ep_access', access);
    expect((await html('/user/posture_perfect', agent)).text).toBe(SHELL);
  });

  it("applies the browser's guard: the client's content access and the employee-site permission", async () => {
    // Fabrikam's access list has no Travel section: the app shows page-not-found there.
    expect((await html('/user/airplane-travel', await signedIn(ACCOUNTS.fabrikamEmployee))).text).toBe(SHELL);
    expect((await html('/user/airplane-travel', await signedIn(ACCOUNTS.employee))).text).toContain('Airplane Travel guidance');
    // Administrators without the employee-site permission are sent to their landing page by the app.
    expect((await html('/user/posture_perfect', await signedIn(ACCOUNTS.admin))).text).toBe(SHELL);
  });

  it('falls back to the plain shell for other routes and other spellings, signed in or not', async () => {
    const agent = await signedIn(ACCOUNTS.employee);
    for (const path of ['/user/my-reports', '/user/profile', '/user/posture_perfect/', '/user/Posture_Perfect', '/user/sitting_pretty']) {
      expect((await html(path, agent)).text).toBe(SHELL);
    }
  });

  it('never serves the pre-rendered files by their own address', async () => {
    expect((await html('/.signed-in/user/posture_perfect')).text).toBe(SHELL);
    expect((await fetch(`${server.url}/.signed-in/user/posture_perfect/index.html`)).status).toBe(404);
  });

  it('leaves out the self-assessment link for a caller whose client turned it off (SPEC §6: no link to a 404)', async () => {
    expect((await html('/user/posture_perfect', await signedIn(ACCOUNTS.employee))).text).toContain('href="/user/self_assessment_signup"');
    const contoso = (await html('/user/posture_perfect', await signedIn(ACCOUNTS.contosoEmployee))).text;
    expect(contoso).toContain('Posture Perfect guidance');
    expect(contoso).not.toContain('self_assessment');
  });

  it('sends the application for a page address that ends like a file name (an e-mail address)', async () => {
    expect((await html('/user/my-reports/employee@northwind.example')).text).toBe(SHELL);
    expect((await fetch(`${server.url}/assets/missing.js`)).status).toBe(404);
  });
});
