/**
 * Training (docs/product.md "Training"): the domain lists, defined once, and the shapes of a course
 * as the server reads it from content/training/<course>/ (course.yaml + texts/<language>.yaml, the
 * format in src/shared/training/README.md). Imported by the server, the browser and the tests.
 */
import { ASSESSMENT_LANGUAGES } from '../assessment/types';

/** The courses we write, in this order (content/training/<id>/). A folder not listed is a content error. */
export const COURSE_IDS = ['display-screen', 'working-from-home', 'hybrid-and-travel', 'laboratory', 'refresher'] as const;
export type CourseId = (typeof COURSE_IDS)[number];
export const isCourseId = (id: unknown): id is CourseId => typeof id === 'string' && (COURSE_IDS as readonly string[]).includes(id);

/** An enrolment's states (migration 036, training_enrolments.state; the schema-drift test compares). */
export const TRAINING_STATES = ['assigned', 'in_progress', 'completed'] as const;
export type TrainingState = (typeof TRAINING_STATES)[number];

/** Whom an assignment enrols (migration 036, training_assignments.audience). */
export const TRAINING_AUDIENCES = ['everyone', 'region', 'work_area', 'new_starters'] as const;
export type TrainingAudience = (typeof TRAINING_AUDIENCES)[number];

/** The steps a learning system receives (training_events.verb). */
export const TRAINING_VERBS = ['started', 'answered', 'passed', 'failed', 'completed'] as const;
export type TrainingVerb = (typeof TRAINING_VERBS)[number];

/** single: the one right answer; multiple: every right answer and no wrong one. */
export const QUESTION_KINDS = ['single', 'multiple'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

/** Course texts come in the interface languages; English is complete, the others fall back to it key by key. */
export const TRAINING_LANGUAGES = ASSESSMENT_LANGUAGES;
export type TrainingLanguage = (typeof TRAINING_LANGUAGES)[number];
export const trainingLanguage = (language: string | null | undefined): TrainingLanguage =>
  (TRAINING_LANGUAGES as readonly string[]).includes(language ?? '') ? (language as TrainingLanguage) : 'en';

/** A client's own wording of course texts, by text key (client_text_overrides, scope `training`). */
export type CourseTextOverrides = Readonly<Record<string, string>>;

// ── The course as read from content (text keys resolved for one language) ──

export interface Answer {
  readonly id: string;
  readonly text: string;
  /** Why this answer is right or wrong, shown after answering. */
  readonly why: string;
  readonly correct: boolean;
  /** On a key question: a worrying answer, which offers help (docs/product.md "Training"). */
  readonly flag: boolean;
}

export interface Question {
  readonly id: string;
  readonly kind: QuestionKind;
  readonly key: boolean;
  readonly text: string;
  readonly answers: readonly Answer[];
}

export interface GuidanceLink {
  readonly path: string;
  readonly title: string;
}

export interface Lesson {
  readonly id: string;
  readonly title: string;
  /** Markdown (paragraphs, `-` lists, bold, links); never HTML. */
  readonly body: string;
  /** content/illustrations/<name>.svg with its text alternative. */
  readonly illustration?: { readonly name: string; readonly alt: string };
  readonly guidance: readonly GuidanceLink[];
  readonly video?: { readonly title: string; readonly url: string };
}

export interface Module {
  readonly id: string;
  readonly title: string;
  readonly intro: string;
  /** Percent of the module's questions answered right to pass. */
  readonly passMark: number;
  readonly lessons: readonly Lesson[];
  readonly quiz: readonly Question[];
}

export interface Course {
  readonly id: CourseId;
  /** Bumped when questions change; stored with quiz attempts. */
  readonly version: number;
  readonly order: number;
  readonly minutes: number;
  readonly language: TrainingLanguage;
  readonly title: string;
  readonly summary: string;
  readonly modules: readonly Module[];
}

/** "<module>/<lesson>": an enrolment's position and the entries of lessons_done. */
export const lessonRef = (moduleId: string, lessonId: string) => `${moduleId}/${lessonId}`;

/** Every lesson of a course in reading order, as lesson refs. */
export function lessonRefs(course: Pick<Course, 'modules'>): string[] {
  return course.modules.flatMap((m) => m.lessons.map((l) => lessonRef(m.id, l.id)));
}
