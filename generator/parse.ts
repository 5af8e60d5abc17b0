import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { LineCounter, parseDocument, visit, type Document } from 'yaml';
import { sortTexts } from './order';
import type { Problem } from './problems';
import { API_SHARED } from './refs';

/** One parsed manifest file: its path relative to the repository and its YAML data. */
export interface ManifestFile {
  readonly file: string;
  readonly kind: ManifestKind;
  readonly data: unknown;
}

export type ManifestKind =
  | 'permissions'
  | 'routes'
  | 'redirects'
  | 'menus'
  | 'landing'
  | 'branding'
  | 'content-sections'
  | 'api'
  | 'api-definitions'
  | 'form'
  | 'workflow'
  | 'grid';

const SINGLE_FILES: Record<string, ManifestKind> = {
  'permissions.yaml': 'permissions',
  'redirects.yaml': 'redirects',
  'menus.yaml': 'menus',
  'landing.yaml': 'landing',
  'branding.yaml': 'branding',
  'content-sections.yaml': 'content-sections',
};

/**
 * manifest/api/: one file of calls per area, and `shared.yaml`, the schemas several areas' calls
 * name by `$ref` (refs.ts resolves them). Each file is parsed alone, so its line numbers are its own.
 */
const API_DIR = 'api';

function yamlFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return sortTexts(readdirSync(dir).filter((name) => name.endsWith('.yaml')));
}

/**
 * The YAML's data, or an error naming the first syntax error or the first alias no anchor before it
 * sets (the yaml package does not name an alias's line).
 */
function parseYaml(text: string): unknown {
  const lines = new LineCounter();
  const doc: Document = parseDocument(text, { lineCounter: lines });
  if (doc.errors.length > 0) throw doc.errors[0];
  let unknown: string | null = null;
  visit(doc, {
    Alias(_key, alias) {
      if (unknown !== null || alias.resolve(doc) !== undefined) return;
      unknown = `no anchor &${alias.source} before the alias *${alias.source} at line ${lines.linePos(alias.range?.[0] ?? 0).line}`;
    },
  });
  if (unknown !== null) throw new Error(unknown);
  return doc.toJS();
}

/** Stage 1, parse: reads every manifest file; YAML syntax errors become problems, not crashes. */
export function parseManifest(manifestDir: string, root: string): { files: ManifestFile[]; problems: Problem[] } {
  const files: ManifestFile[] = [];
  const problems: Problem[] = [];
  const name = (path: string) => relative(root, path).split('\\').join('/');
  const read = (path: string, kind: ManifestKind) => {
    const file = name(path);
    try {
      files.push({ file, kind, data: parseYaml(readFileSync(path, 'utf8')) });
      return true;
    } catch (error) {
      let message = (error as Error).message.split('\n')[0] ?? '';
      // Anchors belong to one file: another file's schema is named by $ref (refs.ts).
      if (kind === 'api' && message.startsWith('no anchor'))
        message += `; a schema of ${API_SHARED} is named by $ref: '${API_SHARED}#/definitions/<name>'`;
      problems.push({ file, key: '(file)', message: `cannot be parsed: ${message}` });
      return false;
    }
  };
  for (const [name, kind] of Object.entries(SINGLE_FILES)) {
    const path = join(manifestDir, name);
    if (existsSync(path)) read(path, kind);
    else problems.push({ file: relative(root, path), key: '(file)', message: 'is missing' });
  }
  readApi(manifestDir, read, (file, message) => problems.push({ file: name(file), key: '(file)', message }));
  for (const name of yamlFiles(join(manifestDir, 'routes'))) read(join(manifestDir, 'routes', name), 'routes');
  for (const name of yamlFiles(join(manifestDir, 'forms'))) read(join(manifestDir, 'forms', name), 'form');
  for (const name of yamlFiles(join(manifestDir, 'workflows'))) read(join(manifestDir, 'workflows', name), 'workflow');
  for (const name of yamlFiles(join(manifestDir, 'grids'))) read(join(manifestDir, 'grids', name), 'grid');
  return { files, problems };
}

/** manifest/api/: the shared definitions, then every area file, each alone. */
function readApi(
  manifestDir: string,
  read: (path: string, kind: ManifestKind) => boolean,
  problem: (path: string, message: string) => void,
): void {
  const dir = join(manifestDir, API_DIR);
  // The single file of before: its calls would otherwise be left out without a word.
  const old = join(manifestDir, 'api.yaml');
  if (existsSync(old)) problem(old, 'is no longer read: move its calls to the api/<area>.yaml of their area');
  const areas = yamlFiles(dir).filter((name) => name !== API_SHARED);
  if (areas.length === 0) return problem(join(dir, '<area>.yaml'), 'is missing');
  const shared = join(dir, API_SHARED);
  // Broken definitions would make every ref to them a problem too: their own problem is enough.
  if (existsSync(shared) && !read(shared, 'api-definitions')) return;
  for (const name of areas) read(join(dir, name), 'api');
}
