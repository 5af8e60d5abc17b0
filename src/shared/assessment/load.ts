/**
 * Server side: reads content/assessments/ once at start (common.yaml, one YAML file per work area,
 * texts/<language>.yaml), checks each file against its JSON Schema in schemas/ and builds the source.
 * Node modules, yaml and ajv are imported at run time by name, so the browser bundle, which imports
 * this folder for branching and types, neither carries them nor warns about them.
 */
import { buildSource, AssessmentContentError, type AuthoredFile, type ContentProblem } from './parse';
import { rememberSource } from './registry';
import type { QuestionnaireSource, TextTable } from './source';
import { ASSESSMENT_LANGUAGES, WORK_AREAS } from './types';

export interface LoadOptions {
  /** Folder of assessment.schema.json, assessment-common.schema.json and assessment-texts.schema.json. */
  readonly schemasDir?: string;
}

/** Imports by a name the browser bundler does not follow: this loader only ever runs on the server. */
function serverImport<T>(name: string): Promise<T> {
  return import(/* @vite-ignore */ name) as Promise<T>;
}

function toKey(instancePath: string): string {
  return (
    instancePath
      .split('/')
      .slice(1)
      .map((p) => (/^\d+$/.test(p) ? `[${p}]` : `.${p}`))
      .join('')
      .replace(/^\./, '') || '(root)'
  );
}

export async function loadQuestionnaires(dir: string, options: LoadOptions = {}): Promise<QuestionnaireSource> {
  const [{ readFile, readdir }, { dirname, join, resolve }, { fileURLToPath }, YAML, { Ajv2020 }] = await Promise.all([
    serverImport<typeof import('node:fs/promises')>('node:fs/promises'),
    serverImport<typeof import('node:path')>('node:path'),
    serverImport<typeof import('node:url')>('node:url'),
    serverImport<typeof import('yaml')>('yaml'),
    serverImport<typeof import('ajv/dist/2020.js')>('ajv/dist/2020.js'),
  ]);
  // schemas/ at the repository root, three folders up from this file (resolved at run time so
  // bundlers do not treat it as an asset of the browser build).
  const schemasDir = options.schemasDir ?? resolve(dirname(fileURLToPath(import.meta.url)), '../../../schemas');
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  const schema = async (name: string) => ajv.compile(JSON.parse(await readFile(join(schemasDir, `${name}.schema.json`), 'utf8')));
  const [areaSchema, commonSchema, textsSchema] = await Promise.all([
    schema('assessment'),
    schema('assessment-common'),
    schema('assessment-texts'),
  ]);
  const problems: ContentProblem[] = [];

  async function read(file: string, validate: typeof areaSchema): Promise<AuthoredFile> {
    let data: unknown;
    try {
      data = YAML.parse(await readFile(join(dir, file), 'utf8'));
    } catch (error) {
      problems.push({ file, key: '(root)', message: (error as Error).message.split('\n')[0] });
      return { file, data: undefined };
    }
    if (!validate(data)) {
      for (const e of validate.errors ?? []) {
        const extra = e.keyword === 'additionalProperties' ? ` "${String(e.params.additionalProperty)}"` : '';
        problems.push({ file, key: toKey(e.instancePath), message: `${e.message ?? 'is invalid'}${extra}` });
      }
    }
    return { file, data };
  }

  const common = await read('common.yaml', commonSchema);
  const areas = await Promise.all(WORK_AREAS.map((area) => read(`${area}.yaml`, areaSchema)));
  const textFiles = (await readdir(join(dir, 'texts'))).filter((f) => f.endsWith('.yaml')).sort();
  const texts: Record<string, { file: string; table: TextTable }> = {};
  for (const name of textFiles) {
    const language = name.slice(0, -'.yaml'.length);
    const file = `texts/${name}`;
    if (!(ASSESSMENT_LANGUAGES as readonly string[]).includes(language)) {
      problems.push({ file, key: '(root)', message: `"${language}" is not an assessment language (${ASSESSMENT_LANGUAGES.join(', ')})` });
      continue;
    }
    const { data } = await read(file, textsSchema);
    texts[language] = { file, table: (data ?? {}) as TextTable };
  }
  if (problems.length) throw new AssessmentContentError(problems);
  const source = buildSource(common, areas, texts);
  rememberSource(source);
  return source;
}
