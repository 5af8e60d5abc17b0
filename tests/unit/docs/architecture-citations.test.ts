import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The repository explains itself (docs/architecture.md): what a comment or README cites by
 * `docs/architecture.md "Heading"` is a heading of that page, and nothing cites a design note that
 * is not in the repository.
 */
const root = resolve(import.meta.dirname, '../../..');
const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter((f) => /\.(ts|tsx|js|mjs|md|yaml|json|css|sql|html|sh)$/.test(f) && f !== 'tests/unit/docs/architecture-citations.test.ts');

describe('docs/architecture.md citations', () => {
  const headings = new Set([...readFileSync(join(root, 'docs/architecture.md'), 'utf8').matchAll(/^##+ (.+)$/gm)].map((m) => m[1]!.trim()));

  it('lands every cited heading on a heading of the page', () => {
    const missing: string[] = [];
    let count = 0;
    for (const file of tracked) {
      const text = readFileSync(join(root, file), 'utf8');
      // A citation may run over a comment's line break ("... are\n * manifest data").
      for (const m of text.matchAll(/docs\/architecture\.md(?:\]\([^)]*\))? "([^"]+)"/g)) {
        count += 1;
        const heading = m[1]!.replace(/\s*\n\s*(?:\*|\/\/|--|#)?\s*/g, ' ').trim();
        if (!headings.has(heading)) missing.push(`${file}: "${heading}"`);
      }
    }
    expect(count).toBeGreaterThan(30);
    expect(missing).toEqual([]);
  });

  it('cites no design note from outside the repository', () => {
    const outside = tracked.filter((file) => /\b(ARCHITECTURE|STYLE|STACK)\.md\b/.test(readFileSync(join(root, file), 'utf8')));
    expect(outside).toEqual([]);
  });
});
