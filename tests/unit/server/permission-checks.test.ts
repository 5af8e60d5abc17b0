import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server asks whether a caller holds a permission through `holds(caller, permission)`
 * (src/server/context.ts), typed by the generated Permission union, so a misspelt or removed
 * permission fails the type check instead of silently refusing everyone (docs/product.md §6).
 */
const root = resolve(import.meta.dirname, '../../..');
const files = execFileSync('git', ['ls-files', '-z', 'src/server'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter((f) => f.endsWith('.ts') && f !== 'src/server/context.ts');

describe('permission checks on the server', () => {
  it('go through the typed holds(), never a caller permission list read by a string', () => {
    const untyped = files.filter((f) => /\bcaller!?\.permissions\.(includes|indexOf|some)\(/.test(readFileSync(join(root, f), 'utf8')));
    expect(untyped).toEqual([]);
  });

  it('name permissions by the generated union where they are constants', () => {
    const loose = files.flatMap((f) =>
      [
        ...readFileSync(join(root, f), 'utf8').matchAll(
          /^(?:export )?const ([A-Z_]+_PERMISSION)\b(?!: (?:Permission|Record<\w+, Permission>))/gm,
        ),
      ].map((m) => `${f}: ${m[1]}`),
    );
    expect(loose).toEqual([]);
  });
});
