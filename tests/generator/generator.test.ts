import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate, loadModel } from '../../generator/pipeline';
import { sortRoutes } from '../../generator/emit/routes';
import { ManifestError } from '../../generator/problems';
import { permissionNames } from '../../generated/permissions';

const root = resolve(import.meta.dirname, '../..');
const cases = join(import.meta.dirname, 'cases');
/** A case with a `pages/` folder also checks that every route's page key names a file there. */
const options = (name: string) => ({
  root,
  manifestDir: join(cases, name, 'manifest'),
  ...(existsSync(join(cases, name, 'pages')) ? { pagesDir: join(cases, name, 'pages') } : {}),
});

/** Problems of a case, with the case folder's own path taken out so the expected file reads `manifest/...`. */
function problemsOf(name: string): string[] {
  try {
    loadModel(options(name));
  } catch (error) {
    if (error instanceof ManifestError)
      return error.message.split('\n').map((line) => line.split(`tests/generator/cases/${name}/`).join(''));
    throw error;
  }
  return [];
}

/**
 * One folder per generator behaviour (docs/architecture.md "Generators", after TanStack's `it.each(readDir())`): each
 * `cases/<case>/` holds a `manifest/` and either `expected/` (the exact generated files) or
 * `expected-problems.txt` (the exact problems, one `file: key: message` a line, every one listed).
 * A new behaviour is a new folder; nothing in this file changes.
 */
const caseNames = readdirSync(cases, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();
const golden = caseNames.filter((name) => existsSync(join(cases, name, 'expected')));
const failing = caseNames.filter((name) => existsSync(join(cases, name, 'expected-problems.txt')));

describe('case folders', () => {
  it('each has a manifest and exactly one of expected/ or expected-problems.txt', () => {
    console.log(`generator cases: ${caseNames.length} (${golden.length} golden, ${failing.length} with problems)`);
    expect(caseNames.length).toBeGreaterThanOrEqual(4);
    for (const name of caseNames) {
      expect(existsSync(join(cases, name, 'manifest')), `${name}/manifest`).toBe(true);
      expect(Number(golden.includes(name)) + Number(failing.includes(name)), `${name}: expected/ or expected-problems.txt`).toBe(1);
    }
  });
});

/** The files of an expected/ folder and of its folders (forms/, validators/), as relative paths. */
function expectedFiles(folder: string, prefix = ''): string[] {
  return readdirSync(join(folder, prefix), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? expectedFiles(folder, `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
  );
}

describe.each(golden)('golden output of case %s', (name) => {
  const files = generate(options(name));
  it.each(files.map((f) => [f.path, f.text]))('%s', async (path, text) => {
    await expect(text).toMatchFileSnapshot(join(cases, name, 'expected', path));
  });

  it('writes exactly the expected files, deterministically, each opening with the banner', () => {
    expect(files.map((f) => f.path).sort()).toEqual(expectedFiles(join(cases, name, 'expected')).sort());
    const again = generate(options(name));
    expect(again.map((f) => f.text)).toEqual(files.map((f) => f.text));
    for (const file of files) expect(file.text.startsWith('// DO NOT EDIT.')).toBe(true);
  });
});

describe.each(failing)('problems of case %s', (name) => {
  it('lists every problem, each with its file and key, and nothing else', () => {
    const expected = readFileSync(join(cases, name, 'expected-problems.txt'), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '');
    const problems = problemsOf(name);
    console.log(`${name}: ${problems.length} problem(s)`);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems).toEqual(expected);
  });
});

describe('the valid case in detail', () => {
  it('expands each-entries and applies defaults', () => {
    const model = loadModel(options('valid'));
    expect(model.routes.filter((r) => r.name.startsWith('texts_')).map((r) => [r.name, r.path, r.title])).toEqual([
      ['texts_en', '/user/texts/en/:id', 'Texts (en)'],
      ['texts_fr', '/user/texts/fr/:id', 'Texts (fr)'],
    ]);
    expect(model.routes.find((r) => r.name === 'profile')).toMatchObject({ layout: 'user_dashboard', access: 'protected', sidebar: null });
  });
});

describe('the route table of generated/routes.ts', () => {
  // Loading the whole manifest and the generated table takes seconds on a busy machine.
  it('expands its compact rows to exactly the manifest routes, in order', { timeout: 30_000 }, async () => {
    const model = loadModel({ root, manifestDir: join(root, 'manifest') });
    const { routes } = await import('../../generated/routes');
    expect(routes).toStrictEqual(sortRoutes(model.routes).map(({ file: _file, key: _key, ...route }) => route));
  });
});

describe('the command line', () => {
  it('--check fails on drift naming the files, and passes once generate has written them', () => {
    const out = mkdtempSync(join(tmpdir(), 'generated-'));
    try {
      const run = (...args: string[]) =>
        execFileSync(
          process.execPath,
          ['--import', 'tsx', join(root, 'generator/cli.ts'), '--manifest', join(cases, 'valid', 'manifest'), '--out', out, ...args],
          { encoding: 'utf8', stdio: 'pipe' },
        );
      expect(() => run('--check')).toThrow(
        /out of date with the manifest: api-access\.ts, api-replies\.ts, api-shell\.ts, api-types\.ts, api\.ts, branding\.ts/,
      );
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
    for (const path of [
      '/downloads',
      '/contact',
      '/return_to_office',
      '/online-solutions',
      '/privacy_policy',
      '/terms_of_service',
      '/no-acces-granted',
      '/user/select-client/:multidomain?',
      '/user/keyboard_&_mouse',
      '/user/hybrid_Working',
      '/user/airplane-travel',
      '/user/:url',
      '/user/client-view-employee/:clientid/:id',
      '/user/dashboard-survey-reports/Self-Assessment',
      '/admin/add_Permission',
      '/admin/edit_client/ergo-eval/ko/:id',
      '/admin/edit_client/self-assessment-lab/:id',
      '/admin/edit_client/cms/:id',
      '/admin/self_assesment',
      '/arcadia/terms-of-serivce',
      '/blogs/en/blog/:slug',
      '/admin/videos',
      '/arcadia/employee_dashboard/help_center',
      '*',
    ]) {
      expect(paths, path).toContain(path);
    }
    expect(permissions.map((p) => p.name).sort()).toEqual([...permissionNames].sort());
  }, 30_000);
});
