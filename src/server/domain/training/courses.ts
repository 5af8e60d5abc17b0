import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { illustrationSvg } from './illustration';
import { courseById } from '../../../shared/training/localize';
import { trainingLanguage, type Course, type CourseTextOverrides } from '../../../shared/training/types';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * A client's own wording of a course in a language (client_text_overrides, scope `training`, keys
 * "<course>:<text key>", migration 042), as the course's own text keys.
 */
export async function courseOverrides(db: Db, clientId: number, courseId: string, language: string): Promise<CourseTextOverrides> {
  const prefix = `${courseId}:`;
  const rows = await db
    .selectFrom('client_text_overrides')
    .select(['text_key', 'text'])
    .where('client_id', '=', clientId)
    .where('scope', '=', 'training')
    .where('language', '=', trainingLanguage(language))
    .where('text_key', 'like', `${prefix}%`)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.text_key.slice(prefix.length), r.text]));
}

/** The course in the reader's language and their client's wording, or undefined for an unknown id. */
export async function courseForClient(db: Db, clientId: number, courseId: string, language: string): Promise<Course | undefined> {
  return courseById(courseId, language, await courseOverrides(db, clientId, courseId, language));
}

/**
 * The course as the browser receives it before answering: every text, but not which answers are
 * right, which are worrying, nor why (docs/product.md "Training": scoring is the server's alone).
 */
export function playableCourse(course: Course) {
  return {
    id: course.id,
    title: course.title,
    summary: course.summary,
    minutes: course.minutes,
    modules: course.modules.map((m) => ({
      id: m.id,
      title: m.title,
      intro: m.intro,
      pass_mark: m.passMark,
      lessons: m.lessons.map((l) => ({
        id: l.id,
        title: l.title,
        body: l.body,
        illustration: l.illustration ? { svg: illustrationSvg(l.illustration.name), alt: l.illustration.alt } : null,
        guidance: l.guidance.map((g) => ({ path: g.path, title: g.title })),
        video: l.video ?? null,
      })),
      quiz: m.quiz.map((q) => ({ id: q.id, kind: q.kind, text: q.text, answers: q.answers.map((a) => ({ id: a.id, text: a.text })) })),
    })),
  };
}
