/**
 * The course loader (src/shared/training/): a course and its texts become one structure per
 * language with English where a language lacks a text, and broken content stops the server with a
 * message naming the file and key of every problem (docs/product.md "Training").
 */
import { describe, expect, it } from 'vitest';
import { localizeCourse, readCourses, TrainingContentError } from '../../../src/shared/training';
import { FIXTURE_COURSE, FIXTURE_EN, writeCourses } from './fixture-course';

async function problemsOf(dir: string): Promise<string[]> {
  try {
    await readCourses({ dir });
  } catch (error) {
    expect(error).toBeInstanceOf(TrainingContentError);
    return (error as TrainingContentError).problems.map((p) => `${p.file}: ${p.key}: ${p.message}`);
  }
  return [];
}

describe('loading courses', () => {
  it('reads a course with its lessons, quiz, illustration, guidance link and English texts', async () => {
    const { courses, links } = await readCourses({ dir: writeCourses() });
    expect(courses.map((c) => c.id)).toEqual(['display-screen']);
    const course = localizeCourse(courses[0], links, 'en');
    expect(course.title).toBe('Display screen basics');
    const [module] = course.modules;
    expect(module.passMark).toBe(50);
    expect(module.lessons[0].illustration).toEqual({ name: 'neutral-seated-posture', alt: 'A person sitting upright at a desk.' });
    expect(module.lessons[0].guidance).toEqual([{ path: '/user/seating', title: 'Seating' }]);
    expect(module.quiz[2]).toMatchObject({
      key: true,
      answers: [
        { id: 'no', flag: false },
        { id: 'yes', flag: true, correct: true },
      ],
    });
  });

  it('a language falls back to English key by key, and the client wording comes first', async () => {
    const dir = writeCourses({ 'display-screen': { course: FIXTURE_COURSE, texts: { en: FIXTURE_EN, fr: { title: 'Les écrans' } } } });
    const { courses, links } = await readCourses({ dir });
    const fr = localizeCourse(courses[0], links, 'fr');
    expect(fr.title).toBe('Les écrans');
    expect(fr.summary).toBe(FIXTURE_EN.summary);
    expect(localizeCourse(courses[0], links, 'xx').language).toBe('en');
    expect(localizeCourse(courses[0], links, 'fr', { title: 'Nos écrans' }).title).toBe('Nos écrans');
  });

  it('names the file and key of every problem at once', async () => {
    const broken = structuredClone(FIXTURE_COURSE) as typeof FIXTURE_COURSE;
    broken.modules[0].lessons[0].illustration = 'no-such-picture';
    broken.modules[0].lessons[0].guidance = ['/user/not-a-page'];
    broken.modules[0].quiz[0].answers[1] = { id: 'b', correct: true };
    (broken.modules[0].quiz[1].answers[2] as { flag?: boolean }).flag = true;
    const en: Record<string, string> = { ...FIXTURE_EN, 'q.posture.typo': 'x', 'l.posture.breaks.body': 'Stand <b>up</b>.' };
    delete en['m.posture.intro'];
    const problems = await problemsOf(
      writeCourses({
        'display-screen': { course: broken, texts: { en, de: { 'm.posture.titel': 'Haltung' } } },
        juggling: { course: { ...FIXTURE_COURSE, id: 'juggling' }, texts: { en: FIXTURE_EN } },
      }),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        'display-screen/course.yaml: modules[0].lessons[0].illustration: content/illustrations/no-such-picture.svg does not exist',
        'display-screen/course.yaml: modules[0].lessons[0].guidance: /user/not-a-page is not a guidance page',
        expect.stringMatching(
          /^display-screen\/course.yaml: modules\[0\].quiz\[0\].answers: a single-answer question needs exactly one right answer/,
        ),
        'display-screen/course.yaml: modules[0].quiz[1].answers: only a key question (key: true) may flag an answer',
        'display-screen/texts/en.yaml: q.posture.typo: is not a text key of course.yaml',
        'display-screen/texts/en.yaml: m.posture.intro: is missing',
        'display-screen/texts/en.yaml: l.posture.breaks.body: holds HTML; lesson texts are Markdown only',
        'display-screen/texts/de.yaml: m.posture.titel: is not a text key of course.yaml',
        expect.stringMatching(/^juggling: \(root\): is not a course of COURSE_IDS/),
      ]),
    );
  });

  it('refuses a course.yaml its schema refuses, naming the key', async () => {
    const problems = await problemsOf(
      writeCourses({ 'display-screen': { course: { ...FIXTURE_COURSE, minutes: 'ten', colour: 'red' }, texts: { en: FIXTURE_EN } } }),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        'display-screen/course.yaml: minutes: must be integer',
        'display-screen/course.yaml: (root): must NOT have additional properties "colour"',
      ]),
    );
  });

  it('refuses links in lesson text to pages that do not exist and to plain http', async () => {
    const en = { ...FIXTURE_EN, 'l.posture.breaks.body': 'See [this](/user/nowhere) and [that](http://example.com).' };
    const problems = await problemsOf(writeCourses({ 'display-screen': { course: FIXTURE_COURSE, texts: { en } } }));
    expect(problems).toEqual([
      'display-screen/texts/en.yaml: l.posture.breaks.body: links to "/user/nowhere", which is not a page of the product or an https address',
      'display-screen/texts/en.yaml: l.posture.breaks.body: links to "http://example.com", which is not a page of the product or an https address',
    ]);
  });
});
