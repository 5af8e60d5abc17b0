/**
 * Turns one course's authored YAML (already parsed and schema-checked) into a `CourseSource`, and
 * checks what a schema cannot: ids unique, the folder's name, right answers that make sense for the
 * question's kind, flags only on key questions, every text key present in English and no unknown key
 * in any language, Markdown without HTML, and every illustration, guidance page, video and link
 * naming something that exists. Every problem is listed with its file and key, not just the first.
 */
import { courseTextKeys, type CourseSource, type LessonSource, type ModuleSource, type QuestionSource, type TextTable } from './source';
import { isCourseId, TRAINING_LANGUAGES, type TrainingLanguage } from './types';

export interface ContentProblem {
  readonly file: string;
  readonly key: string;
  readonly message: string;
}

export class TrainingContentError extends Error {
  constructor(readonly problems: readonly ContentProblem[]) {
    super(`Training content is invalid:\n${problems.map((p) => `  ${p.file}: ${p.key}: ${p.message}`).join('\n')}`);
    this.name = 'TrainingContentError';
  }
}

interface AuthoredCourse {
  id: string;
  version: number;
  order: number;
  minutes: number;
  modules: {
    id: string;
    pass_mark: number;
    lessons: { id: string; illustration?: string; guidance?: string[]; video?: string }[];
    quiz: { id: string; kind: 'single' | 'multiple'; key?: boolean; answers: { id: string; correct?: boolean; flag?: boolean }[] }[];
  }[];
}

/** What exists for lessons to point at. */
export interface LinkTargets {
  readonly illustrations: ReadonlySet<string>;
  readonly guidance: ReadonlySet<string>;
  readonly videos: ReadonlySet<string>;
  /** Every fixed page path of the product, for links inside lesson text. */
  readonly paths: ReadonlySet<string>;
}

function duplicates(ids: readonly string[]): string[] {
  return ids.filter((id, i) => ids.indexOf(id) !== i);
}

/** Markdown links `[words](target)` of a lesson body. */
const LINK = /\]\(([^)\s]*)\)/g;

export function buildCourse(
  folder: string,
  authored: AuthoredCourse,
  texts: Partial<Record<TrainingLanguage, { file: string; table: TextTable }>>,
  targets: LinkTargets,
  problems: ContentProblem[],
): CourseSource | undefined {
  const file = `${folder}/course.yaml`;
  const problem = (key: string, message: string) => problems.push({ file, key, message });
  const before = problems.length;
  if (authored.id !== folder) problem('id', `"${authored.id}" differs from its folder "${folder}"`);
  if (!isCourseId(authored.id)) problem('id', `"${authored.id}" is not a course of COURSE_IDS (src/shared/training/types.ts)`);
  for (const id of duplicates(authored.modules.map((m) => m.id))) problem('modules', `module id "${id}" is used twice`);

  const modules: ModuleSource[] = authored.modules.map((m, mi) => {
    const at = `modules[${mi}]`;
    for (const id of duplicates(m.lessons.map((l) => l.id))) problem(`${at}.lessons`, `lesson id "${id}" is used twice`);
    for (const id of duplicates(m.quiz.map((q) => q.id))) problem(`${at}.quiz`, `question id "${id}" is used twice`);
    const lessons: LessonSource[] = m.lessons.map((l, li) => {
      const lat = `${at}.lessons[${li}]`;
      if (l.illustration && !targets.illustrations.has(l.illustration))
        problem(`${lat}.illustration`, `content/illustrations/${l.illustration}.svg does not exist`);
      for (const path of l.guidance ?? []) if (!targets.guidance.has(path)) problem(`${lat}.guidance`, `${path} is not a guidance page`);
      if (l.video && !targets.videos.has(l.video)) problem(`${lat}.video`, `"${l.video}" is not a video of content/videos/videos.yaml`);
      return { id: l.id, illustration: l.illustration, guidance: l.guidance ?? [], video: l.video };
    });
    const quiz: QuestionSource[] = m.quiz.map((q, qi) => {
      const qat = `${at}.quiz[${qi}]`;
      const key = q.key === true;
      const answers = q.answers.map((a) => ({ id: a.id, correct: a.correct === true, flag: a.flag === true }));
      for (const id of duplicates(answers.map((a) => a.id))) problem(`${qat}.answers`, `answer id "${id}" is used twice`);
      const right = answers.filter((a) => a.correct).length;
      if (q.kind === 'single' && right !== 1 && !(key && right === answers.length))
        problem(
          `${qat}.answers`,
          `a single-answer question needs exactly one right answer (a key self-report may mark all right), found ${right}`,
        );
      if (q.kind === 'multiple' && right === 0) problem(`${qat}.answers`, 'a multiple-answer question needs at least one right answer');
      const flagged = answers.filter((a) => a.flag).length;
      if (key && flagged === 0) problem(`${qat}.answers`, 'a key question needs a flagged (worrying) answer');
      if (!key && flagged > 0) problem(`${qat}.answers`, 'only a key question (key: true) may flag an answer');
      return { id: q.id, kind: q.kind, key, answers };
    });
    return { id: m.id, passMark: m.pass_mark, lessons, quiz };
  });

  const shape = { modules };
  const expected = courseTextKeys(shape);
  const known = new Set(expected);
  const en = texts.en;
  if (!en) problems.push({ file: `${folder}/texts/en.yaml`, key: '(root)', message: 'English texts are missing (English is complete)' });
  for (const language of TRAINING_LANGUAGES) {
    const entry = texts[language];
    if (!entry) continue;
    for (const key of Object.keys(entry.table))
      if (!known.has(key)) problems.push({ file: entry.file, key, message: 'is not a text key of course.yaml' });
    if (language === 'en')
      for (const key of expected) if (!(key in entry.table)) problems.push({ file: entry.file, key, message: 'is missing' });
    for (const [key, text] of Object.entries(entry.table)) {
      if (/<[A-Za-z!/]/.test(text)) problems.push({ file: entry.file, key, message: 'holds HTML; lesson texts are Markdown only' });
      for (const [, target] of text.matchAll(LINK)) {
        const internal = target.startsWith('/');
        if (internal ? !targets.paths.has(target) : !/^https:\/\/[^\s]+$/.test(target))
          problems.push({ file: entry.file, key, message: `links to "${target}", which is not a page of the product or an https address` });
      }
    }
  }
  if (problems.length > before || !en || !isCourseId(authored.id)) return undefined;
  const table = Object.fromEntries(Object.entries(texts).map(([language, entry]) => [language, entry.table])) as CourseSource['texts'];
  return { id: authored.id, version: authored.version, order: authored.order, minutes: authored.minutes, modules, texts: table };
}
