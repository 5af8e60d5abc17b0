import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CMDQ_REGIONS } from '../../../src/shared/assessment/cmdq-regions';
import { CMDQ_GROUPS } from '../../../src/shared/assessment/cmdq';

/**
 * The Cornell body regions are one list (src/shared/assessment/cmdq-regions.ts; docs/product.md §1, the
 * questionnaires): code imports it, the manifest's enum matches it, and no source file spells the
 * whole list again, so a new or renamed region cannot reach one page and miss another.
 */
const root = resolve(import.meta.dirname, '../../..');
const tracked = (pattern: RegExp) =>
  execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((f) => pattern.test(f));

describe('the CMDQ region list exists once', () => {
  it('the manifest enumerates exactly the shared list, in its order', () => {
    // The manifest's enum reaches the code as a string union in the generated call types.
    const types = readFileSync(join(root, 'generated/api-types.ts'), 'utf8');
    const unions = [...types.matchAll(/region: ((?:"[a-z_]+"(?: \| )?)+)/g)]
      .map((m) => [...m[1]!.matchAll(/"([a-z_]+)"/g)].map((r) => r[1]))
      .filter((u) => u.includes('lower_leg_right'));
    expect(unions.length).toBeGreaterThan(0);
    for (const u of unions) expect(u).toEqual([...CMDQ_REGIONS]);
  });

  it('the finding groups cover every region exactly once', () => {
    const grouped = Object.values(CMDQ_GROUPS).flat();
    expect([...grouped].sort()).toEqual([...CMDQ_REGIONS].sort());
  });

  it('no source file lists every region as string literals again', () => {
    // The groups above partition the list (checked against it); the list itself is the source.
    const allowed = new Set(['src/shared/assessment/cmdq-regions.ts', 'src/shared/assessment/cmdq.ts']);
    const copies = tracked(/^src\/.*\.tsx?$/)
      .filter((f) => !allowed.has(f))
      .filter((f) => {
        const text = readFileSync(join(root, f), 'utf8');
        return CMDQ_REGIONS.every((r) => text.includes(`'${r}'`) || text.includes(`"${r}"`));
      });
    expect(copies).toEqual([]);
  });
});
