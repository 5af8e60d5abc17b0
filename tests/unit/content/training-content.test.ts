/**
 * Every course of content/training/ (SPEC §1 "ergonomics training"; format in content/training/README.md),
 * checked as data so a course that would break the training pages or mislead a learner fails here:
 * the structure is well formed (ids, kinds, right and flagged answers), everything it names exists
 * (illustrations, guidance pages, videos), the English texts cover exactly the structure, and each
 * of the eight languages has exactly the English keys, real words in its own script, and the same
 * links and figures.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { routes } from '../../../generated/routes';
import { renderContent } from '../../../src/web/build/render-content';
import { INTERFACE_LANGUAGES } from '../../../src/web/i18n/language';

const CONTENT = resolve(import.meta.dirname, '../../../content');
const TRAINING = join(CONTENT, 'training');
const courses = readdirSync(TRAINING, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const languages = INTERFACE_LANGUAGES.filter((l) => l !== 'en');

interface Answer { id: string; correct?: boolean; flag?: boolean }
interface Question { id: string; kind: string; key?: boolean; answers: Answer[] }
interface Lesson { id: string; illustration?: string; guidance?: string[]; video?: string }
interface Module { id: string; pass_mark: number; lessons: Lesson[]; quiz: Question[] }
interface Course { id: string; version: number; order: number; minutes: number; modules: Module[] }

const course = (id: string) => parse(readFileSync(join(TRAINING, id, 'course.yaml'), 'utf8')) as Course;
const textsPath = (id: string, language: string) => join(TRAINING, id, 'texts', `${language}.yaml`);
const texts = (id: string, language: string) => parse(readFileSync(textsPath(id, language), 'utf8')) as Record<string, unknown>;

/** Guidance pages: a guidance route whose content file exists (its front matter slug is the route's slug). */
function guidanceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? guidanceFiles(join(dir, d.name)) : d.name.endsWith('.md') ? [join(dir, d.name)] : []));
}
const guidanceSlugs = new Set(guidanceFiles(join(CONTENT, 'guidance')).map((f) => renderContent(readFileSync(f, 'utf8')).meta.slug));
const guidancePaths = new Set(routes.filter((r) => r.page === 'guidance/guidance-page' && guidanceSlugs.has(r.contentSlug)).map((r) => r.path));
const routePaths = new Set(routes.flatMap((r) => [r.path, ...r.aliases]).filter((p) => !p.includes(':') && p !== '*'));
const videoTitles = new Set((parse(readFileSync(join(CONTENT, 'videos/videos.yaml'), 'utf8')) as { videos: { title: string }[] }).videos.map((v) => v.title));

/** Every text key the structure needs, in the order the pages read them. */
function expectedKeys(c: Course): string[] {
  return [
    'title',
    'summary',
    ...c.modules.flatMap((m) => [
      `m.${m.id}.title`,
      `m.${m.id}.intro`,
      ...m.lessons.flatMap((l) => [`l.${m.id}.${l.id}.title`, `l.${m.id}.${l.id}.body`, ...(l.illustration ? [`l.${m.id}.${l.id}.illustration`] : [])]),
      ...m.quiz.flatMap((q) => [`q.${m.id}.${q.id}`, ...q.answers.flatMap((a) => [`q.${m.id}.${q.id}.${a.id}`, `q.${m.id}.${q.id}.${a.id}.why`])]),
    ]),
  ];
}

const links = (text: string) => [...text.matchAll(/\]\(([^)\s]+)/g)].map((m) => m[1]);
const figures = (text: string) => new Set(text.match(/\d+/g) ?? []);
/** Emphasis the Markdown renderer could not close (e.g. "**标题？**后" in CJK) shows as literal asterisks. */
const strayMarks = (body: string) => /\*\*/.test(renderContent(['---', 'title: T', '---', body].join('\n')).html);
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
/** Filler and markup: "TODO" and friends in capitals only ("todo" is a Spanish and Portuguese word). */
const PLACEHOLDER = /[Ll]orem ipsum|\b(TODO|TBD|FIXME|XXX)\b|\?\?\?|<[a-z][^>]*>/;
const ID = /^[a-z0-9][a-z0-9-]*$/;

/** Each language's own script, so a text left in English or pasted in the wrong language fails. */
const script: Record<(typeof languages)[number], { must: RegExp; mustNot: RegExp }> = {
  es: { must: /[áéíóúñ¿]/i, mustNot: /[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]/ },
  pt: { must: /[ãõçáéíóúâê]/i, mustNot: /[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]/ },
  fr: { must: /[àâçéèêëîïôùûü]/i, mustNot: /[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]/ },
  de: { must: /[äöüß]/i, mustNot: /[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]/ },
  ja: { must: /[\u3040-\u30ff]/, mustNot: /[\uac00-\ud7af]/ },
  cn: { must: /[\u4e00-\u9fff]/, mustNot: /[\u3040-\u30ff\uac00-\ud7af]/ },
  ko: { must: /[\uac00-\ud7af]/, mustNot: /[\u3040-\u30ff]/ },
};

describe('training courses', () => {
  it('there is at least one course, each in its own folder with a structure and English texts', () => {
    expect(courses.length).toBeGreaterThan(0);
    for (const id of courses) {
      expect(existsSync(join(TRAINING, id, 'course.yaml')), `${id}/course.yaml`).toBe(true);
      expect(existsSync(textsPath(id, 'en')), `${id}/texts/en.yaml`).toBe(true);
    }
  });

  it('course orders are distinct', () => {
    const orders = courses.map((id) => course(id).order);
    expect(new Set(orders).size).toBe(orders.length);
  });
});

describe.each(courses)('the course %s', (id) => {
  const c = course(id);

  it('has its folder name as id, a version, an order, minutes and modules with unique ids', () => {
    expect(c.id).toBe(id);
    for (const n of [c.version, c.order, c.minutes]) expect(Number.isInteger(n) && n > 0).toBe(true);
    expect(c.modules.length).toBeGreaterThan(0);
    const ids = (list: { id: string }[]) => list.map((x) => x.id);
    const unique = (list: string[], where: string) => {
      expect(new Set(list).size, `duplicate id in ${where}`).toBe(list.length);
      for (const x of list) expect(x, where).toMatch(ID);
    };
    unique(ids(c.modules), 'modules');
    for (const m of c.modules) {
      expect(m.pass_mark, m.id).toBeGreaterThan(0);
      expect(m.pass_mark, m.id).toBeLessThanOrEqual(100);
      expect(m.lessons.length, `${m.id} lessons`).toBeGreaterThan(0);
      expect(m.quiz.length, `${m.id} quiz`).toBeGreaterThan(0);
      unique(ids(m.lessons), `${m.id} lessons`);
      unique(ids(m.quiz), `${m.id} quiz`);
      for (const q of m.quiz) unique(ids(q.answers), `${m.id}.${q.id} answers`);
    }
  });

  it('asks answerable questions: one right answer to a single, some to a multiple, a flag on each key question', () => {
    for (const m of c.modules) {
      for (const q of m.quiz) {
        const where = `${m.id}.${q.id}`;
        const right = q.answers.filter((a) => a.correct === true).length;
        const flagged = q.answers.filter((a) => a.flag === true).length;
        expect(['single', 'multiple'], where).toContain(q.kind);
        expect(q.answers.length, where).toBeGreaterThanOrEqual(2);
        // A key question may be a self-report with no wrong answer (every answer right).
        const selfReport = q.key === true && right === q.answers.length;
        if (q.kind === 'single' && !selfReport) expect(right, `${where}: right answers`).toBe(1);
        if (q.kind === 'multiple') expect(right, `${where}: right answers`).toBeGreaterThan(0);
        if (q.key === true) expect(flagged, `${where}: flagged answers`).toBeGreaterThan(0);
        else expect(flagged, `${where}: a flag on a question that is not key`).toBe(0);
      }
    }
  });

  it('names only illustrations, guidance pages and videos that exist', () => {
    for (const m of c.modules) {
      for (const l of m.lessons) {
        const where = `${m.id}.${l.id}`;
        if (l.illustration !== undefined) expect(existsSync(join(CONTENT, 'illustrations', `${l.illustration}.svg`)), `${where}: ${l.illustration}`).toBe(true);
        for (const path of l.guidance ?? []) expect(guidancePaths, `${where}: ${path}`).toContain(path);
        if (l.video !== undefined) expect(videoTitles, where).toContain(l.video);
      }
    }
  });

  it('has English texts for exactly what the structure holds, real and of lesson length', () => {
    const en = texts(id, 'en');
    const expected = expectedKeys(c);
    expect({ missing: expected.filter((k) => !(k in en)), extra: Object.keys(en).filter((k) => !expected.includes(k)) }).toEqual({ missing: [], extra: [] });
    for (const [key, value] of Object.entries(en)) {
      expect(typeof value, key).toBe('string');
      expect(String(value).trim().length, key).toBeGreaterThan(1);
      expect(String(value), key).not.toMatch(PLACEHOLDER);
      if (key.endsWith('.body')) {
        expect(words(String(value)), `${key}: words`).toBeGreaterThanOrEqual(120);
        expect(words(String(value)), `${key}: words`).toBeLessThanOrEqual(250);
        expect(strayMarks(String(value)), `${key}: unrendered **`).toBe(false);
        for (const href of links(String(value))) if (href.startsWith('/')) expect(routePaths, `${key} → ${href}`).toContain(href);
      }
    }
  });

  it.each(languages)('has %s texts with the English keys, links and figures, in its own script', (language) => {
    expect(existsSync(textsPath(id, language)), `${id}/texts/${language}.yaml`).toBe(true);
    const en = texts(id, 'en');
    const own = texts(id, language);
    expect({ missing: Object.keys(en).filter((k) => !(k in own)), extra: Object.keys(own).filter((k) => !(k in en)) }).toEqual({ missing: [], extra: [] });
    for (const [key, source] of Object.entries(en)) {
      const value = own[key];
      expect(typeof value, key).toBe('string');
      const text = String(value);
      expect(text.trim().length, key).toBeGreaterThan(0);
      expect(text, key).not.toMatch(PLACEHOLDER);
      expect(text, `${key}: not translated`).not.toMatch(script[language].mustNot);
      if (String(source).length > 24) expect(text, `${key}: not translated`).not.toBe(source);
      expect(links(text), `${key}: links`).toEqual(links(String(source)));
      if (key.endsWith('.body')) expect(strayMarks(text), `${key}: unrendered **`).toBe(false);
      const mine = figures(text);
      expect([...figures(String(source))].filter((n) => !mine.has(n)), `${key}: figures`).toEqual([]);
    }
    const all = Object.values(own).join(' ');
    expect(all).toMatch(script[language].must);
  });
});
