import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * "SPEC §n" throughout the repository means section n of docs/product.md (docs/README.md): every
 * citation must land on a section that exists, and the sections keep their numbers and titles.
 */
const root = resolve(import.meta.dirname, '../../..');
const TITLES = [
  'What the product does and for whom',
  'Screens and routes',
  'Entities and their fields',
  'States and transitions',
  'Validation rules',
  'Roles and permissions',
  'The calls it makes',
  'Error catalogue',
  'Business constants and limits',
];

describe('docs/product.md', () => {
  const text = readFileSync(join(root, 'docs/product.md'), 'utf8');
  const headings = [...text.matchAll(/^## (\d+)\. (.+)$/gm)].map((m) => [Number(m[1]), m[2]] as const);

  it('has sections 1 to 9 with their fixed titles, in order, each recording its decisions', () => {
    expect(headings).toEqual(TITLES.map((title, index) => [index + 1, title]));
    const bodies = text.split(/^## \d+\. .+$/m).slice(1);
    expect(bodies.filter((body) => body.includes('**Decided**'))).toHaveLength(TITLES.length);
  });

  it('resolves every "SPEC §n" cited in the tracked files', () => {
    const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
      .split('\0')
      .filter((f) => /\.(ts|tsx|js|mjs|md|yaml|json|css|sql|html)$/.test(f) && !f.startsWith('node_modules/'));
    const cited = new Map<number, number>();
    for (const file of files) {
      for (const m of readFileSync(join(root, file), 'utf8').matchAll(/SPEC §(\d+)/g))
        cited.set(Number(m[1]), (cited.get(Number(m[1])) ?? 0) + 1);
    }
    const total = [...cited.values()].reduce((a, b) => a + b, 0);
    console.log(
      `SPEC citations: ${total} in ${files.length} tracked files, sections ${[...cited.keys()].sort((a, b) => a - b).join(', ')}`,
    );
    expect(total).toBeGreaterThan(400);
    const sections = new Set(headings.map(([n]) => n));
    expect([...cited.keys()].filter((n) => !sections.has(n))).toEqual([]);
  });
});
