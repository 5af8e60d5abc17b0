import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

/** The repository's root, which every path below is relative to. */
export const repositoryRoot = resolve(import.meta.dirname, '../..');

/**
 * The TypeScript sources git tracks under `folders` (tests left out), relative to the repository root:
 * what the source scans (links by name, workflow codes, the employee constant) read.
 */
export function trackedSources(folders: readonly string[]): string[] {
  return execFileSync('git', ['ls-files', '-z', ...folders], { cwd: repositoryRoot, encoding: 'utf8' })
    .split('\0')
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));
}
