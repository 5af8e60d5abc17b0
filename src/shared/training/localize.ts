/**
 * A course in one language: every text key resolved through the client's own wording first, then the
 * language, then English (docs/product.md "Training"; the questionnaires do the same).
 */
import { loadCourses } from './load';
import {
  answerKey,
  answerWhyKey,
  lessonBodyKey,
  lessonIllustrationKey,
  lessonTitleKey,
  moduleIntroKey,
  moduleTitleKey,
  questionKey,
  type CourseLinks,
  type CourseSource,
} from './source';
import { trainingLanguage, type Course, type CourseTextOverrides } from './types';

export function localizeCourse(source: CourseSource, links: CourseLinks, language: string, overrides: CourseTextOverrides = {}): Course {
  const lang = trainingLanguage(language);
  const table = source.texts[lang] ?? {};
  const t = (key: string) => overrides[key] || table[key] || source.texts.en[key] || key;
  return {
    id: source.id,
    version: source.version,
    order: source.order,
    minutes: source.minutes,
    language: lang,
    title: t('title'),
    summary: t('summary'),
    modules: source.modules.map((m) => ({
      id: m.id,
      title: t(moduleTitleKey(m.id)),
      intro: t(moduleIntroKey(m.id)),
      passMark: m.passMark,
      lessons: m.lessons.map((l) => ({
        id: l.id,
        title: t(lessonTitleKey(m.id, l.id)),
        body: t(lessonBodyKey(m.id, l.id)),
        ...(l.illustration ? { illustration: { name: l.illustration, alt: t(lessonIllustrationKey(m.id, l.id)) } } : {}),
        guidance: l.guidance.map((path) => ({ path, title: links.guidance.get(path) ?? path })),
        ...(l.video ? { video: { title: l.video, url: links.videos.get(l.video) ?? '' } } : {}),
      })),
      quiz: m.quiz.map((q) => ({
        id: q.id,
        kind: q.kind,
        key: q.key,
        text: t(questionKey(m.id, q.id)),
        answers: q.answers.map((a) => ({
          id: a.id,
          text: t(answerKey(m.id, q.id, a.id)),
          why: t(answerWhyKey(m.id, q.id, a.id)),
          correct: a.correct,
          flag: a.flag,
        })),
      })),
    })),
  };
}

/** One course in a language (English where the language lacks a text), or undefined for an unknown id. */
export async function courseById(id: string, language = 'en', overrides?: CourseTextOverrides): Promise<Course | undefined> {
  const { courses, links } = await loadCourses();
  const source = courses.find((c) => c.id === id);
  return source && localizeCourse(source, links, language, overrides);
}

/** Every course that exists, in its order, in a language. */
export async function allCourses(language = 'en'): Promise<Course[]> {
  const { courses, links } = await loadCourses();
  return courses.map((c) => localizeCourse(c, links, language));
}
