import { execFileSync, spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The generated code must be the same on every machine (docs/architecture.md "Locale-free ordering"): a
 * collation such as Slovak's ("ch" sorts after "h") or Swedish's must not reorder the route table,
 * the calls or the permissions. Node's ICU takes its default locale from LC_ALL / LANG even when
 * the operating system has no such locale installed, so the child sees the locale either way.
 */
const root = resolve(import.meta.dirname, '../..');
const LOCALES = ['sk_SK.UTF-8', 'sv_SE.UTF-8', 'tr_TR.UTF-8'];

function envFor(locale: string): NodeJS.ProcessEnv {
  return { ...process.env, LC_ALL: locale, LANG: locale, LANGUAGE: '' };
}

describe('npm run generate -- --check under another locale', () => {
  it.each(LOCALES)(
    '%s: the child really runs in that locale, and generated/ still matches the manifest',
    (locale) => {
      // Without this the test could pass by never exercising a foreign collation.
      const seen = execFileSync(process.execPath, ['-p', 'new Intl.Collator().resolvedOptions().locale'], {
        env: envFor(locale),
        encoding: 'utf8',
      }).trim();
      expect(seen).toBe(locale.slice(0, 5).replace('_', '-'));

      const run = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'generator/cli.ts'), '--check'], {
        env: envFor(locale),
        encoding: 'utf8',
        cwd: root,
      });
      console.log(`${locale}: exit ${run.status}; ${(run.stdout + run.stderr).trim()}`);
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(run.stdout).toMatch(/matches the manifest/);
    },
    60_000,
  );
});
