/** A small course written to a temporary content/training/ folder, for the loader's tests. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';

export const FIXTURE_COURSE = {
  id: 'display-screen',
  version: 1,
  order: 1,
  minutes: 10,
  modules: [
    {
      id: 'posture',
      pass_mark: 50,
      lessons: [{ id: 'neutral', illustration: 'neutral-seated-posture', guidance: ['/user/seating'] }, { id: 'breaks' }],
      quiz: [
        { id: 'height', kind: 'single', answers: [{ id: 'a', correct: true }, { id: 'b' }] },
        { id: 'habits', kind: 'multiple', answers: [{ id: 'a', correct: true }, { id: 'b', correct: true }, { id: 'c' }] },
        {
          id: 'pain',
          kind: 'single',
          key: true,
          answers: [
            { id: 'no', correct: true },
            { id: 'yes', correct: true, flag: true },
          ],
        },
      ],
    },
  ],
};

export const FIXTURE_EN: Record<string, string> = {
  title: 'Display screen basics',
  summary: 'Set up your screen and chair.',
  'm.posture.title': 'Posture',
  'm.posture.intro': 'How to sit.',
  'l.posture.neutral.title': 'A neutral posture',
  'l.posture.neutral.body': 'Sit back. See [seating](/user/seating).',
  'l.posture.neutral.illustration': 'A person sitting upright at a desk.',
  'l.posture.breaks.title': 'Breaks',
  'l.posture.breaks.body': 'Stand up **often**.',
  'q.posture.height': 'Where should the top of the screen be?',
  'q.posture.height.a': 'At or just below eye level',
  'q.posture.height.a.why': 'The neck stays upright.',
  'q.posture.height.b': 'Well above eye level',
  'q.posture.height.b.why': 'You would tilt your head back.',
  'q.posture.habits': 'Which habits help?',
  'q.posture.habits.a': 'Short breaks',
  'q.posture.habits.a.why': 'Breaks rest the muscles.',
  'q.posture.habits.b': 'Changing position',
  'q.posture.habits.b.why': 'Movement helps circulation.',
  'q.posture.habits.c': 'Sitting still all day',
  'q.posture.habits.c.why': 'Static posture tires the muscles.',
  'q.posture.pain': 'Do you have pain that lasts after work?',
  'q.posture.pain.no': 'No',
  'q.posture.pain.no.why': 'Good: keep the habits of this course.',
  'q.posture.pain.yes': 'Yes',
  'q.posture.pain.yes.why': 'Pain that lasts deserves a closer look.',
};

/** Writes the course (and any extra files) to a fresh folder and returns its path. */
export function writeCourses(
  courses: Record<string, { course?: unknown; texts?: Record<string, Record<string, string>> }> = {
    'display-screen': { course: FIXTURE_COURSE, texts: { en: FIXTURE_EN } },
  },
): string {
  const dir = mkdtempSync(join(tmpdir(), 'training-'));
  for (const [folder, { course, texts }] of Object.entries(courses)) {
    mkdirSync(join(dir, folder, 'texts'), { recursive: true });
    if (course) writeFileSync(join(dir, folder, 'course.yaml'), stringify(course));
    for (const [language, table] of Object.entries(texts ?? {}))
      writeFileSync(join(dir, folder, 'texts', `${language}.yaml`), stringify(table));
  }
  return dir;
}
