import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prerenderedFile } from '../../src/shared/prerendered-pages';
import { Agent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * The server sends a pre-rendered public page in the reader's language, decided as the app decides
 * it (src/server/reader-language.ts): the signed-in reader's profile language, else the first of the
 * browser's languages the product speaks, else English; a language with no copy gets the English one.
 */
const SHELL = '<!doctype html>\n<html lang="en"><head><title>ErgoPortal</title></head><body><div id="root"></div></body></html>';
const copy = (lang: string, marker: string) =>
  SHELL.replace('<html lang="en">', `<html lang="${lang}">`).replace('<div id="root"></div>', `<div id="root"><h1>${marker}</h1></div>`);

let server: TestServer;
let webDir: string;
beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), 'ergoportal-web-'));
  writeFileSync(join(webDir, 'index.html'), SHELL);
  for (const [path, language, marker] of [
    ['/self-assessments', 'en', 'Self-Assessments'],
    ['/self-assessments', 'de', 'Selbsteinschätzungen'],
    ['/self-assessments', 'fr', 'Auto-évaluations'],
    ['/', 'en', 'Home'],
    ['/', 'de', 'Startseite'],
  ] as const) {
    const file = prerenderedFile(webDir, path, language)!;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, copy(language, marker));
  }
  server = await startTestServer({ WEB_DIR: webDir });
});
afterAll(async () => {
  await server?.close();
  rmSync(webDir, { recursive: true, force: true });
});

async function page(path: string, headers: Record<string, string> = {}): Promise<{ text: string; vary: string }> {
  const response = await fetch(`${server.url}${path}`, { headers });
  expect(response.status).toBe(200);
  return { text: await response.text(), vary: response.headers.get('vary') ?? '' };
}

describe("pre-rendered public pages in the reader's language", () => {
  it("sends the browser's first language the product speaks, by weight", async () => {
    expect((await page('/self-assessments', { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' })).text).toContain('Selbsteinschätzungen');
    expect((await page('/self-assessments', { 'accept-language': 'sv, de;q=0.5, fr;q=0.7' })).text).toContain('Auto-évaluations');
    expect((await page('/', { 'accept-language': 'de' })).text).toContain('<html lang="de"><head>');
  });

  it('sends English without a language the product speaks, and when the language has no copy', async () => {
    expect((await page('/self-assessments')).text).toContain('<h1>Self-Assessments</h1>');
    expect((await page('/self-assessments', { 'accept-language': 'sv-SE' })).text).toContain('<h1>Self-Assessments</h1>');
    expect((await page('/self-assessments', { 'accept-language': 'ja, de;q=0.1' })).text).toContain('<h1>Self-Assessments</h1>');
  });

  it('says the answer varies with the language and the cookie, and is revalidated', async () => {
    const response = await fetch(`${server.url}/self-assessments`, { headers: { 'accept-language': 'de' } });
    expect(response.headers.get('vary')).toMatch(/accept-language/i);
    expect(response.headers.get('vary')).toMatch(/cookie/i);
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it("follows a signed-in reader's profile language over the browser's", async () => {
    const agent = new Agent(server.url);
    expect((await agent.login(ACCOUNTS.employee, PASSWORD)).status).toBe(200);
    expect((await agent.post('/profile', { first_name: 'Erika', last_name: 'Muster', language: 'fr' })).status).toBe(200);
    const cookie = [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    expect((await page('/self-assessments', { cookie, 'accept-language': 'de' })).text).toContain('Auto-évaluations');
    // A cookie that does not sign anybody in leaves the browser's language.
    expect((await page('/self-assessments', { cookie: 'ep_access=forged', 'accept-language': 'de' })).text).toContain(
      'Selbsteinschätzungen',
    );
  });

  it('never serves the other languages by their own address', async () => {
    const response = await fetch(`${server.url}/.lang/de/self-assessments/index.html`);
    expect(await response.text()).not.toContain('Selbsteinschätzungen');
  });
});
