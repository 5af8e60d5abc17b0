import type { ManifestFile } from './parse';
import type { Problem } from './problems';

/**
 * manifest/api/: a schema that several calls share is named by a JSON Schema `$ref` (JSON Schema
 * 2020-12 §8.2.3.1) instead of being written twice:
 *
 * - `$ref: 'shared.yaml#/definitions/<name>'`: one of `api/shared.yaml`'s definitions, for calls of
 *   several areas;
 * - `$ref: '#/definitions/<name>'`: one of the file's own `definitions`, for calls of one area.
 *
 * The generator replaces each `$ref` by a copy of the schema it names (which may itself name
 * others), so everything after this stage sees plain schemas. A `$ref` stands alone in its object:
 * JSON Schema would apply siblings as well, which a pasted copy could not show.
 */
export const API_SHARED = 'shared.yaml';
const REF = /^(?:([a-z0-9-]+\.yaml))?#\/definitions\/([A-Za-z0-9_]+)$/;

type Raw = Record<string, unknown>;

const isObject = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value);

function definitionsOf(file: ManifestFile | undefined): Raw {
  const data = file?.data;
  return isObject(data) && isObject(data.definitions) ? data.definitions : {};
}

/** A key in the form schema-check uses: `calls[3].response.properties.area`. */
function keyOf(path: readonly (string | number)[]): string {
  return path.map((part, i) => (typeof part === 'number' ? `[${part}]` : i === 0 ? part : `.${part}`)).join('') || '(root)';
}

/** Resolves the `$ref`s of one file's data; each definition is resolved once, however often it is named. */
class FileRefs {
  private readonly done = new Map<string, unknown>();
  private readonly doing: string[] = [];

  constructor(
    readonly file: ManifestFile,
    private readonly shared: FileRefs | null,
    private readonly problems: Problem[],
  ) {}

  private get definitions(): Raw {
    return definitionsOf(this.file);
  }

  /** The resolved definition `name`, or undefined (a problem already told) when it loops or fails. */
  definition(name: string): unknown {
    if (this.done.has(name)) return this.done.get(name);
    if (this.doing.includes(name)) return undefined;
    this.doing.push(name);
    const value = this.resolve(this.definitions[name], ['definitions', name]);
    this.doing.pop();
    this.done.set(name, value);
    return value;
  }

  /** Every definition, then the rest of the file, resolved in place. */
  resolveAll(): void {
    const data = this.file.data;
    if (!isObject(data)) return;
    for (const name of Object.keys(this.definitions)) this.definitions[name] = this.definition(name);
    for (const key of Object.keys(data)) if (key !== 'definitions') data[key] = this.resolve(data[key], [key]);
  }

  private resolve(node: unknown, path: (string | number)[]): unknown {
    if (Array.isArray(node)) return node.map((item, i) => this.resolve(item, [...path, i]));
    if (!isObject(node)) return node;
    if (!Object.hasOwn(node, '$ref')) {
      return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, this.resolve(v, [...path, k])]));
    }
    const ref = node.$ref;
    const named = JSON.stringify(ref);
    const problem = (message: string) => {
      this.problems.push({ file: this.file.file, key: keyOf(path), message: `$ref ${named} ${message}` });
      return {};
    };
    const match = typeof ref === 'string' ? REF.exec(ref) : null;
    if (!match) return problem(`is not of the form '${API_SHARED}#/definitions/<name>' or '#/definitions/<name>'`);
    if (Object.keys(node).length > 1) return problem('must stand alone in its object');
    const [, target = '', name = ''] = match;
    if (target !== '' && target !== API_SHARED)
      return problem(`names ${target}: only ${API_SHARED} holds definitions other files may name`);
    const owner = target === '' || this.file.kind === 'api-definitions' ? this : this.shared;
    if (!owner) return problem(`names ${API_SHARED}, which is missing`);
    if (!Object.hasOwn(owner.definitions, name)) return problem(`names no definition: ${owner.file.file} has no definitions.${name}`);
    if (owner.doing.includes(name))
      return problem(`refers to itself through definitions.${[...owner.doing, name].join(' → definitions.')}`);
    const value = owner.definition(name);
    // A copy: no two places of the model share one object, as they never do when written out.
    return value === undefined ? {} : structuredClone(value);
  }
}

/**
 * Stage 1b, resolve: replaces every `$ref` of manifest/api/*.yaml (area files and shared.yaml) by
 * the schema it names, in place; each ref that names nothing, has another form or loops is a
 * problem with its file and key. An area file's own `definitions` are dropped once resolved: they
 * are not calls. shared.yaml's stay, for its schema check.
 */
export function resolveApiRefs(files: readonly ManifestFile[]): Problem[] {
  const problems: Problem[] = [];
  const sharedFile = files.find((f) => f.kind === 'api-definitions');
  const shared = sharedFile ? new FileRefs(sharedFile, null, problems) : null;
  shared?.resolveAll();
  for (const file of files.filter((f) => f.kind === 'api')) {
    const own = isObject(file.data) ? file.data.definitions : undefined;
    if (own !== undefined && !isObject(own))
      problems.push({ file: file.file, key: 'definitions', message: 'must be an object of named schemas' });
    new FileRefs(file, shared, problems).resolveAll();
    if (isObject(file.data)) delete file.data.definitions;
  }
  return problems;
}
