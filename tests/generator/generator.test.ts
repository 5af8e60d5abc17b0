import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate, loadModel } from '../../generator/pipeline';
import { sortRoutes } from '../../generator/emit/routes';
import { ManifestError } from '../../generator/problems';

const root = resolve(import.meta.dirname, '../..');
const cases = join(import.meta.dirname, 'cases');
const options = (name: string) => ({ root, manifestDir: join(cases, name, 'manifest') });

function problemsOf(name: string): string[] {
  try {
    loadModel(options(name));
  } catch (error) {
    if (error instanceof ManifestError) return error.message.split('\n');
    throw error;
  }
  return [];
}

describe('golden output of a small valid manifest', () => {
  const files = generate(options('valid'));
  it.each(files.map((f) => [f.path, f.text]))('%s', async (path, text) => {
    await expect(text).toMatchFileSnapshot(join(cases, 'valid', 'expected', path));
  });

  it('is deterministic and opens every file with the banner', () => {
    const again = generate(options('valid'));
    expect(again.map((f) => f.text)).toEqual(files.map((f) => f.text));
    for (const file of files) expect(file.text.startsWith('// DO NOT EDIT.')).toBe(true);
  });

  it('expands each-entries and applies defaults', () => {
    const model = loadModel(options('valid'));
    expect(model.routes.filter((r) => r.name.startsWith('texts_')).map((r) => [r.name, r.path, r.title])).toEqual([
      ['texts_en', '/user/texts/en/:id', 'Texts (en)'], ['texts_fr', '/user/texts/fr/:id', 'Texts (fr)'],
    ]);
    expect(model.routes.find((r) => r.name === 'profile')).toMatchObject({ layout: 'user_dashboard', access: 'protected', sidebar: null });
  });
});

describe('the route table of generated/routes.ts', () => {
  it('expands its compact rows to exactly the manifest routes, in order', async () => {
    const model = loadModel({ root, manifestDir: join(root, 'manifest') });
    const { routes } = await import('../../generated/routes');
    expect(routes).toStrictEqual(sortRoutes(model.routes).map(({ file: _file, key: _key, ...route }) => route));
  });
});

describe('problems are all listed, each with its file and key', () => {
  it('reports unknown permissions, duplicate names and paths, unknown routes and unfillable menu links together', () => {
    const problems = problemsOf('errors');
    const file = 'tests/generator/cases/errors/manifest';
    expect(problems).toEqual(expect.arrayContaining([
      `${file}/routes/user.yaml: routes[1].permissions[0]: unknown permission "users-veiw"`,
      `${file}/routes/user.yaml: routes[2].path: duplicate path "/user/users/" (also route "users")`,
      `${file}/routes/user.yaml: routes[4].name: duplicate route name "profile" (first in ${file}/routes/user.yaml)`,
      `${file}/landing.yaml: rules[0].permissions[0]: unknown permission "no-such-permission"`,
      `${file}/landing.yaml: firstMenu[0].route: unknown route "missing_route"`,
      `${file}/menus.yaml: adminSidebar[0].route: route "edit_user" needs parameters (id) that a menu link cannot fill`,
      `${file}/api.yaml: calls[1].access: call "open_roles" is for Super_admin only, so it needs auth: session`,
      `${file}/api.yaml: calls[2].body.client_id: a number without maximum (ids: maximum 2147483647)`,
    ]));
    expect(problems.length).toBeGreaterThanOrEqual(7);
  });

  it('reports every workflow problem: unknown states and permissions, duplicates, loops, contradictions, unreachable states, low contrast', () => {
    const problems = problemsOf('errors');
    const file = 'tests/generator/cases/errors/manifest/workflows/broken.yaml';
    const expected = [
      `${file}: states[0].colour: colour #FF9500 has a contrast of 2.20:1 on white; at least 4.5:1 is needed`,
      `${file}: states[2].key: duplicate state "done"`,
      `${file}: initial: unknown state "start"`,
      `${file}: transitions[0].from[1]: unknown state "limbo"`,
      `${file}: transitions[0].permission: unknown permission "users-veiw"`,
      `${file}: transitions[0].requires: cannot require both the author and not the author`,
      `${file}: transitions[1].name: duplicate transition "finish"`,
      `${file}: transitions[1].from[0]: a transition cannot leave and enter the same state "done"`,
      `${file}: transitions[1].requires: cannot require approval and no approval at once`,
      `${file}: states[0].key: state "draft" is not the initial state and no transition enters it`,
      `${file}: states[3].key: state "orphan" is not the initial state and no transition enters it`,
    ];
    expect(problems).toEqual(expect.arrayContaining(expected));
    console.log(`workflow problems listed: ${problems.filter((p) => p.startsWith(file)).length}`);
    expect(problems.filter((p) => p.startsWith(file))).toHaveLength(expected.length);
  });

  it('reports schema violations with the key path', () => {
    const problems = problemsOf('schema-error');
    const file = 'tests/generator/cases/schema-error/manifest/routes/user.yaml';
    expect(problems).toEqual(expect.arrayContaining([
      `${file}: routes[0]: must NOT have additional properties "colour"`,
      `${file}: routes[0].layout: must be equal to one of the allowed values`,
    ]));
  });
});

describe('the command line', () => {
  it('--check fails on drift naming the files, and passes once generate has written them', () => {
    const out = mkdtempSync(join(tmpdir(), 'generated-'));
    try {
      const run = (...args: string[]) => execFileSync(process.execPath, ['--import', 'tsx', join(root, 'generator/cli.ts'), '--manifest', join(cases, 'valid', 'manifest'), '--out', out, ...args], { encoding: 'utf8', stdio: 'pipe' });
      expect(() => run('--check')).toThrow(/out of date with the manifest: api\.ts, branding\.ts/);
      expect(run()).toMatch(/wrote/);
      expect(run('--check')).toMatch(/matches the manifest/);
      expect(readFileSync(join(out, 'routes.ts'), 'utf8')).toContain('"texts_fr"');
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 60_000);

  it('npm run routes -- --json lists every path and alias of the real manifest', () => {
    const json = execFileSync(process.execPath, ['--import', 'tsx', join(root, 'generator/routes-cli.ts'), '--json'], { encoding: 'utf8' });
    const { routes, permissions } = JSON.parse(json) as { routes: { path: string; aliases: string[] }[]; permissions: { name: string }[] };
    const paths = new Set(routes.flatMap((r) => [r.path, ...r.aliases]));
    for (const path of ['/downloads', '/contact', '/return_to_office', '/online-solutions', '/privacy_policy', '/terms_of_service', '/no-acces-granted',
      '/user/select-client/:multidomain?', '/user/keyboard_&_mouse', '/user/hybrid_Working', '/user/airplane-travel', '/user/:url',
      '/user/client-view-employee/:clientid/:id', '/user/dashboard-survey-reports/Self-Assessment', '/admin/add_Permission',
      '/admin/edit_client/ergo-eval/ko/:id', '/admin/edit_client/self-assessment-lab/:id', '/admin/edit_client/cms/:id', '/admin/self_assesment',
      '/arcadia/terms-of-serivce', '/blogs/en/blog/:slug', '/admin/videos', '/arcadia/employee_dashboard/help_center', '*']) {
      expect(paths, path).toContain(path);
    }
    expect(permissions).toHaveLength(30);
  }, 30_000);
});
