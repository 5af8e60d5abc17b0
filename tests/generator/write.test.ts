import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { drift, writeFiles } from '../../generator/write';

let out = '';
afterEach(() => rmSync(out, { recursive: true, force: true }));

it('names and removes a generated file the manifest no longer makes, in a folder (a removed form) as at the top', () => {
  out = mkdtempSync(join(tmpdir(), 'generated-'));
  mkdirSync(join(out, 'forms'));
  writeFileSync(join(out, 'forms', 'gone.ts'), '// a form taken out of the manifest\n');
  writeFileSync(join(out, 'old.ts'), '// a file no emitter writes any more\n');
  const files = [
    { path: 'forms.ts', text: '// joined\n' },
    { path: 'forms/kept.ts', text: '// kept\n' },
  ];
  expect(drift(files, out)).toEqual(['forms.ts', 'forms/gone.ts', 'forms/kept.ts', 'old.ts']);
  writeFiles(files, out);
  expect(existsSync(join(out, 'forms', 'gone.ts'))).toBe(false);
  expect(existsSync(join(out, 'old.ts'))).toBe(false);
  expect(readFileSync(join(out, 'forms', 'kept.ts'), 'utf8')).toBe('// kept\n');
  expect(drift(files, out)).toEqual([]);
});
