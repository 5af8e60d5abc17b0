import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The import boundaries of eslint.config.js (docs/architecture.md "Boundaries enforced by a tool") catch what
 * they promise: the fixture tree under tests/fixtures/lint/ mirrors the repository's layout and
 * breaks each boundary once; ESLint's Node API lints it with the project's own config.
 */
const root = resolve(import.meta.dirname, '../..');
const fixtures = join(root, 'tests/fixtures/lint');
const config = join(root, 'eslint.config.js');

/**
 * The project config with two changes: ignore patterns off (the fixtures are in its ignore list, so
 * the main run never fails on them), and the project's own zones rooted at the fixture tree.
 */
async function fixtureLinter(): Promise<ESLint> {
  const { boundaryZones } = (await import(pathToFileURL(config).href)) as { boundaryZones: unknown[] };
  return new ESLint({
    cwd: fixtures,
    overrideConfigFile: config,
    ignore: false,
    overrideConfig: { rules: { 'import-x/no-restricted-paths': ['error', { basePath: fixtures, zones: boundaryZones }] } },
  });
}

async function lintFixtures(): Promise<string[]> {
  const eslint = await fixtureLinter();
  const results = await eslint.lintFiles(['src/**/*.{ts,tsx}']);
  return results.flatMap((result) => result.messages.map((m) => `${relative(fixtures, result.filePath)}: ${m.ruleId ?? 'parse'}`)).sort();
}

describe('eslint.config.js import boundaries', () => {
  it('reports every broken boundary in the fixtures, and nothing in the allowed file', async () => {
    const problems = await lintFixtures();
    console.log(`lint problems in the fixtures: ${problems.length}\n${problems.join('\n')}`);
    expect(problems).toEqual([
      'src/server/api/auth/imports-web.ts: import-x/no-restricted-paths',
      'src/server/api/users/imports-auth.ts: import-x/no-restricted-paths',
      'src/server/http/imports-area.ts: import-x/no-restricted-paths',
      'src/shared/imports-web.ts: import-x/no-restricted-paths',
      'src/web/api/cycle-a.ts: import-x/no-cycle',
      'src/web/api/cycle-b.ts: import-x/no-cycle',
      'src/web/api/imports-server.ts: import-x/no-restricted-paths',
      'src/web/components/cards/imports-page.tsx: import-x/no-restricted-paths',
      'src/web/pages/admin/imports-reports-area.tsx: import-x/no-restricted-paths',
    ]);
  }, 120_000);

  it('explains the page-area rule in its message', async () => {
    const eslint = await fixtureLinter();
    const [result] = await eslint.lintFiles(['src/web/pages/admin/imports-reports-area.tsx']);
    expect(result.errorCount).toBe(1);
    expect(result.messages[0].message).toMatch(/A page area imports no other page area: move what both need to src\/web\/components\//);
  }, 60_000);

  it('explains the server area rules in their messages', async () => {
    const eslint = await fixtureLinter();
    const [area, core] = await eslint.lintFiles(['src/server/api/users/imports-auth.ts', 'src/server/http/imports-area.ts']);
    expect(area.messages.map((m) => m.message)).toEqual([expect.stringMatching(/An API area imports no other area/)]);
    expect(core.messages.map((m) => m.message)).toEqual([expect.stringMatching(/Server core and domain code import no API area/)]);
  }, 60_000);

  it('leaves the fixtures out of the main run (npm run lint)', async () => {
    const eslint = new ESLint({ cwd: root });
    expect(await eslint.isPathIgnored(join(fixtures, 'src/shared/imports-web.ts'))).toBe(true);
    expect(await eslint.isPathIgnored(join(root, 'src/shared/envelope.ts'))).toBe(false);
  });
});
