import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { EmittedFile } from './emit/common';
import { sortTexts } from './order';

/** The files of `outDir` and of its folders (generated/forms/, generated/validators/), as relative paths. */
function listed(outDir: string, prefix = ''): string[] {
  if (!existsSync(join(outDir, prefix))) return [];
  return readdirSync(join(outDir, prefix), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listed(outDir, `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
  );
}

/** Files of `outDir` whose content differs from `files`, plus stale generated files. */
export function drift(files: readonly EmittedFile[], outDir: string): string[] {
  const changed = files
    .filter((f) => {
      const path = join(outDir, f.path);
      return !existsSync(path) || readFileSync(path, 'utf8') !== f.text;
    })
    .map((f) => f.path);
  const expected = new Set(files.map((f) => f.path));
  const stale = listed(outDir).filter((n) => /\.(ts|js)$/.test(n) && !expected.has(n));
  return sortTexts([...changed, ...stale]);
}

/** Writes only files whose content changed, each via a temp file and rename; removes stale ones. */
export function writeFiles(files: readonly EmittedFile[], outDir: string): string[] {
  const changed = drift(files, outDir);
  const byPath = new Map(files.map((f) => [f.path, f]));
  for (const path of changed) {
    const target = join(outDir, path);
    const file = byPath.get(path);
    if (!file) {
      rmSync(target);
      continue;
    }
    mkdirSync(dirname(target), { recursive: true });
    const temp = `${target}.tmp-${process.pid}`;
    writeFileSync(temp, file.text);
    renameSync(temp, target);
  }
  return changed;
}
