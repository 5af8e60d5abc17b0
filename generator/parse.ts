import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse } from 'yaml';
import { sortTexts } from './order';
import type { Problem } from './problems';

/** One parsed manifest file: its path relative to the repository and its YAML data. */
export interface ManifestFile {
  readonly file: string;
  readonly kind: ManifestKind;
  readonly data: unknown;
}

export type ManifestKind =
  'permissions' | 'routes' | 'redirects' | 'menus' | 'landing' | 'branding' | 'content-sections' | 'api' | 'form' | 'workflow' | 'grid';

const SINGLE_FILES: Record<string, ManifestKind> = {
  'permissions.yaml': 'permissions',
  'redirects.yaml': 'redirects',
  'menus.yaml': 'menus',
  'landing.yaml': 'landing',
  'branding.yaml': 'branding',
  'content-sections.yaml': 'content-sections',
  'api.yaml': 'api',
};

function yamlFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return sortTexts(readdirSync(dir).filter((name) => name.endsWith('.yaml')));
}

/** Stage 1, parse: reads every manifest file; YAML syntax errors become problems, not crashes. */
export function parseManifest(manifestDir: string, root: string): { files: ManifestFile[]; problems: Problem[] } {
  const files: ManifestFile[] = [];
  const problems: Problem[] = [];
  const read = (path: string, kind: ManifestKind) => {
    const file = relative(root, path).split('\\').join('/');
    try {
      files.push({ file, kind, data: parse(readFileSync(path, 'utf8')) });
    } catch (error) {
      problems.push({ file, key: '(file)', message: `cannot be parsed: ${(error as Error).message.split('\n')[0]}` });
    }
  };
  for (const [name, kind] of Object.entries(SINGLE_FILES)) {
    const path = join(manifestDir, name);
    if (existsSync(path)) read(path, kind);
    else problems.push({ file: relative(root, path), key: '(file)', message: 'is missing' });
  }
  for (const name of yamlFiles(join(manifestDir, 'routes'))) read(join(manifestDir, 'routes', name), 'routes');
  for (const name of yamlFiles(join(manifestDir, 'forms'))) read(join(manifestDir, 'forms', name), 'form');
  for (const name of yamlFiles(join(manifestDir, 'workflows'))) read(join(manifestDir, 'workflows', name), 'workflow');
  for (const name of yamlFiles(join(manifestDir, 'grids'))) read(join(manifestDir, 'grids', name), 'grid');
  return { files, problems };
}
