import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docs/architecture.md "Layout": file names are kebab-case, and so are folders. A file's name up to
 * its first dot is checked (`grid-columns.tsx`, `secret-box.ts`, `types.d.ts`). A folder's README.md
 * and the numbered migrations (docs/architecture.md "Migrations": `NNN_name.sql`, ordered by their
 * number) keep their own conventions.
 */
const root = resolve(import.meta.dirname, '../../..');
const tracked = execFileSync('git', ['ls-files', '-z', 'src'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);

const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const MIGRATION = /^src\/server\/migrations\/\d{3}_[a-z0-9_]+\.sql$/;

/** The path's parts that break the rule, as text for the failure message. */
function misnamed(path: string): string[] {
  const parts = path.split('/');
  const file = parts.pop()!;
  const wrong = parts.filter((folder) => !KEBAB.test(folder)).map((folder) => `folder ${folder}`);
  if (file === 'README.md' || MIGRATION.test(path)) return wrong;
  if (!KEBAB.test(file.split('.')[0]!)) wrong.push(`file ${file}`);
  return wrong;
}

describe('file names in src/', () => {
  it('are kebab-case, folders too', () => {
    expect(tracked.length).toBeGreaterThan(100);
    const problems = tracked.flatMap((path) => misnamed(path).map((what) => `${path}: ${what}`));
    expect(problems).toEqual([]);
  });

  it('tells a misnamed file or folder apart', () => {
    expect(misnamed('src/web/components/grid/GridColumns.tsx')).toEqual(['file GridColumns.tsx']);
    expect(misnamed('src/server/some_area/handlers.ts')).toEqual(['folder some_area']);
    expect(misnamed('src/server/migrations/030_new_table.sql')).toEqual([]);
    expect(misnamed('src/server/api/new_table.sql')).toEqual(['file new_table.sql']);
  });
});
