/**
 * A course as read from content/training/<course>/ before its texts are chosen for a language: the
 * structure of course.yaml with the format's defaults applied (src/shared/training/README.md), and the
 * text tables of every language. `loadCourses` builds it once per process; `localizeCourse` reads it.
 */
import type { CourseId, QuestionKind, TrainingLanguage } from './types';

export type TextTable = Readonly<Record<string, string>>;

export interface AnswerSource {
  readonly id: string;
  readonly correct: boolean;
  readonly flag: boolean;
}

export interface QuestionSource {
  readonly id: string;
  readonly kind: QuestionKind;
  readonly key: boolean;
  readonly answers: readonly AnswerSource[];
}

export interface LessonSource {
  readonly id: string;
  readonly illustration?: string;
  readonly guidance: readonly string[];
  readonly video?: string;
}

export interface ModuleSource {
  readonly id: string;
  readonly passMark: number;
  readonly lessons: readonly LessonSource[];
  readonly quiz: readonly QuestionSource[];
}

export interface CourseSource {
  readonly id: CourseId;
  readonly version: number;
  readonly order: number;
  readonly minutes: number;
  readonly modules: readonly ModuleSource[];
  /** English is complete; other languages may lack keys (they fall back to English key by key). */
  readonly texts: Readonly<Partial<Record<TrainingLanguage, TextTable>>> & { readonly en: TextTable };
}

/** What the lessons may link to, with the words shown for each link. */
export interface CourseLinks {
  /** Guidance page path → its title. */
  readonly guidance: ReadonlyMap<string, string>;
  /** Video title (content/videos/videos.yaml) → its address. */
  readonly videos: ReadonlyMap<string, string>;
}

export interface CourseCatalogue {
  /** The courses that exist in content/, in their `order`. */
  readonly courses: readonly CourseSource[];
  readonly links: CourseLinks;
}

// ── Text keys (the format's conventions, src/shared/training/README.md) ──
export const moduleTitleKey = (m: string) => `m.${m}.title`;
export const moduleIntroKey = (m: string) => `m.${m}.intro`;
export const lessonTitleKey = (m: string, l: string) => `l.${m}.${l}.title`;
export const lessonBodyKey = (m: string, l: string) => `l.${m}.${l}.body`;
export const lessonIllustrationKey = (m: string, l: string) => `l.${m}.${l}.illustration`;
export const questionKey = (m: string, q: string) => `q.${m}.${q}`;
export const answerKey = (m: string, q: string, a: string) => `q.${m}.${q}.${a}`;
export const answerWhyKey = (m: string, q: string, a: string) => `q.${m}.${q}.${a}.why`;

/** Every text key a course's structure uses, in reading order. */
export function courseTextKeys(course: Pick<CourseSource, 'modules'>): string[] {
  const keys = ['title', 'summary'];
  for (const m of course.modules) {
    keys.push(moduleTitleKey(m.id), moduleIntroKey(m.id));
    for (const l of m.lessons) {
      keys.push(lessonTitleKey(m.id, l.id), lessonBodyKey(m.id, l.id));
      if (l.illustration) keys.push(lessonIllustrationKey(m.id, l.id));
    }
    for (const q of m.quiz) {
      keys.push(questionKey(m.id, q.id));
      for (const a of q.answers) keys.push(answerKey(m.id, q.id, a.id), answerWhyKey(m.id, q.id, a.id));
    }
  }
  return keys;
}
