import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * SPEC §7 calls are declared in manifest/api/*.yaml; pages name them (`call('name', …)`, `callUrl`) so a
 * path lives in one place. Only the API client itself (src/web/api/) knows the base and the paths.
 */
const root = resolve(import.meta.dirname, '../..');
const web = join(root, 'src/web');
const FORBIDDEN = [/\bapi(Get|Post|Call)\b/, /\/blogs\/api\b/, /\bAPI_BASE\b/, /\brawCall\b/];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === join(web, 'api') ? [] : sources(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

describe('web pages call the API by name', () => {
  it('no file outside src/web/api builds an API path or uses the path-taking helpers', () => {
    const found = sources(web).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (FORBIDDEN.some((re) => re.test(line)) ? [`${relative(root, file)}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });

  it('the check sees a literal path when there is one', () => {
    expect(FORBIDDEN.some((re) => re.test("apiGet('/admin/users')"))).toBe(true);
    expect(FORBIDDEN.some((re) => re.test('fetch(`/blogs/api/get-user`)'))).toBe(true);
    expect(FORBIDDEN.some((re) => re.test("call('admin_users_list')"))).toBe(false);
  });
});
