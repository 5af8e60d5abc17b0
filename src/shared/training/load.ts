/**
 * Server side: reads content/training/ once per process (each <course>/course.yaml and its
 * texts/<language>.yaml), checks every file against its JSON Schema in schemas/ and every reference
 * (parse.ts), and stops with one error listing every problem by file and key, like the
 * questionnaires (src/shared/assessment/load.ts). Node modules, yaml and ajv are imported at run time
 * by name so that the browser, which imports types.ts, never bundles them.
 */
import { buildCourse, TrainingContentError, type ContentProblem, type LinkTargets } from './parse';
import type { CourseCatalogue, CourseSource, TextTable } from './source';
import { COURSE_IDS, TRAINING_LANGUAGES, type TrainingLanguage } from './types';

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

export interface LoadOptions {
  /** content/training/ (default: the repository's). */
  readonly dir?: string;
}

export async function readCourses(options: LoadOptions = {}): Promise<CourseCatalogue> {
  const [{ readFile, readdir, stat }, { dirname, join, resolve }, { fileURLToPath }, YAML, { Ajv2020 }, { routes }] = await Promise.all([
    serverImport<typeof import('node:fs/promises')>('node:fs/promises'),
    serverImport<typeof import('node:path')>('node:path'),
    serverImport<typeof import('node:url')>('node:url'),
    serverImport<typeof import('yaml')>('yaml'),
    serverImport<typeof import('ajv/dist/2020.js')>('ajv/dist/2020.js'),
    import('../../../generated/routes'),
  ]);
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
  const dir = options.dir ?? join(root, 'content/training');
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  const schema = async (name: string) => ajv.compile(JSON.parse(await readFile(join(root, 'schemas', `${name}.schema.json`), 'utf8')));
  const [courseSchema, textsSchema] = await Promise.all([schema('training-course'), schema('training-texts')]);
  const problems: ContentProblem[] = [];

  async function read(file: string, validate: typeof courseSchema): Promise<unknown> {
    let data: unknown;
    try {
      data = YAML.parse(await readFile(join(dir, file), 'utf8'));
    } catch (error) {
      problems.push({ file, key: '(root)', message: (error as Error).message.split('\n')[0] });
      return undefined;
    }
    if (!validate(data)) {
      for (const e of validate.errors ?? []) {
        const extra = e.keyword === 'additionalProperties' ? ` "${String(e.params.additionalProperty)}"` : '';
        problems.push({ file, key: toKey(e.instancePath), message: `${e.message ?? 'is invalid'}${extra}` });
      }
      return undefined;
    }
    return data;
  }

  // What lessons may point at: illustrations, guidance pages (by their route), videos, page paths.
  const illustrations = new Set(
    (await readdir(join(root, 'content/illustrations'))).filter((f) => f.endsWith('.svg')).map((f) => f.slice(0, -4)),
  );
  const guidancePages = routes.filter((r) => r.page === 'guidance/guidance-page' && !r.path.includes(':'));
  const videoList = (
    YAML.parse(await readFile(join(root, 'content/videos/videos.yaml'), 'utf8')) as { videos: { title: string; url: string }[] }
  ).videos;
  const links = {
    guidance: new Map(guidancePages.map((r) => [r.path, r.title])),
    videos: new Map(videoList.map((v) => [v.title, v.url])),
  };
  const targets: LinkTargets = {
    illustrations,
    guidance: new Set(links.guidance.keys()),
    videos: new Set(links.videos.keys()),
    paths: new Set(routes.filter((r) => !r.path.includes(':')).map((r) => r.path)),
  };

  const entries = await readdir(dir).catch(() => [] as string[]);
  const folders: string[] = [];
  for (const name of entries.sort()) if ((await stat(join(dir, name))).isDirectory()) folders.push(name);
  const courses: CourseSource[] = [];
  for (const folder of folders) {
    if (!(COURSE_IDS as readonly string[]).includes(folder)) {
      problems.push({ file: folder, key: '(root)', message: `is not a course of COURSE_IDS (${COURSE_IDS.join(', ')})` });
      continue;
    }
    const authored = await read(`${folder}/course.yaml`, courseSchema);
    const texts: Partial<Record<TrainingLanguage, { file: string; table: TextTable }>> = {};
    const textFiles = (await readdir(join(dir, folder, 'texts')).catch(() => [] as string[])).filter((f) => f.endsWith('.yaml')).sort();
    for (const name of textFiles) {
      const language = name.slice(0, -'.yaml'.length);
      const file = `${folder}/texts/${name}`;
      if (!(TRAINING_LANGUAGES as readonly string[]).includes(language)) {
        problems.push({ file, key: '(root)', message: `"${language}" is not a language of the portal (${TRAINING_LANGUAGES.join(', ')})` });
        continue;
      }
      const table = await read(file, textsSchema);
      if (table) texts[language as TrainingLanguage] = { file, table: table as TextTable };
    }
    if (!authored) continue;
    const course = buildCourse(folder, authored as Parameters<typeof buildCourse>[1], texts, targets, problems);
    if (course) courses.push(course);
  }
  for (const course of courses) {
    const other = courses.find((c) => c !== course && c.order === course.order);
    if (other && other.id > course.id)
      problems.push({ file: `${course.id}/course.yaml`, key: 'order', message: `${course.order} is also ${other.id}'s order` });
  }
  if (problems.length) throw new TrainingContentError(problems);
  return { courses: courses.sort((a, b) => a.order - b.order), links };
}

let catalogue: Promise<CourseCatalogue> | undefined;

/** The courses of content/training/, read and checked once per process and shared by every request. */
export function loadCourses(): Promise<CourseCatalogue> {
  catalogue ??= readCourses();
  return catalogue;
}
