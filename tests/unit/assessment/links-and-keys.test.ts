/**
 * Every link a finding can show leads somewhere real, and every text the engine uses is in English:
 * checked against the route table and the raw en.yaml, independently of the loader.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../../generated/routes';
import { reportTextKeys, WORK_AREAS, type QuestionnaireSource } from '../../../src/shared/assessment';
import { CONTENT_DIR, realSource } from './load-source';

let source: QuestionnaireSource;
beforeAll(async () => {
  source = await realSource();
});

const fixedPaths = new Set(routes.map((r) => r.path).filter((p) => !p.includes(':')));
const equipmentRoute = routes.find((r) => r.name === 'recommended_equipment');

describe('finding links', () => {
  it('the recommended-equipment view is the /user/:url catch-all', () => {
    expect(equipmentRoute?.path).toBe('/user/:url');
  });

  it('every link is a guidance route or a listed equipment slug', () => {
    const equipment = new Set(source.equipment);
    const broken: string[] = [];
    for (const finding of Object.values(source.findings)) {
      for (const href of finding.links) {
        const slug = href.replace(/^\/user\//, '');
        if (!fixedPaths.has(href) && !equipment.has(slug)) broken.push(`${finding.id}: ${href}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('no equipment slug is taken by another page (it would never reach the equipment view)', () => {
    expect(source.equipment.filter((slug) => fixedPaths.has(`/user/${slug}`))).toEqual([]);
  });

  it('every equipment slug is used by a finding and listed in the README for its page to be written', () => {
    const readme = readFileSync(join(CONTENT_DIR, 'README.md'), 'utf8');
    const linked = new Set(Object.values(source.findings).flatMap((f) => f.links));
    for (const slug of source.equipment) {
      expect(linked, slug).toContain(`/user/${slug}`);
      expect(readme, slug).toContain(slug);
    }
  });

  it('every finding in the catalogue can be raised by some answer or by the discomfort grid', () => {
    const raised = new Set(
      WORK_AREAS.flatMap((area) =>
        source.questionnaires[area].sections.flatMap((s) => s.questions.flatMap((q) => (q.options ?? []).map((o) => o.finding))),
      ),
    );
    const unused = Object.keys(source.findings).filter((id) => !raised.has(id) && !id.startsWith('cmdq.'));
    expect(unused).toEqual([]);
  });
});

describe('texts', () => {
  const en = parse(readFileSync(join(CONTENT_DIR, 'texts/en.yaml'), 'utf8')) as Record<string, string>;

  it('every key the questionnaires and the report use exists in en.yaml', () => {
    expect(reportTextKeys(source).filter((key) => !(key in en))).toEqual([]);
  });

  it('en.yaml holds no key that nothing uses (translators translate only what shows)', () => {
    const used = new Set(reportTextKeys(source));
    expect(Object.keys(en).filter((key) => !used.has(key))).toEqual([]);
  });

  it('placeholders in report sentences are the ones the report fills in', () => {
    const allowed = new Set(['score', 'max', 'count', 'regions', 'before', 'after', 'delta', 'resolved', 'new']);
    // The page texts (ui-texts.ts) are filled by the pages and the PDF with these.
    const page = new Set([...allowed, 'current', 'total', 'question', 'title', 'date']);
    const unknown = Object.entries(en).flatMap(([key, text]) =>
      [...text.matchAll(/\{(\w+)\}/g)]
        .map((m) => m[1])
        .filter((name) => !(key.startsWith('ui.') ? page : allowed).has(name))
        .map((name) => `${key}: {${name}}`),
    );
    expect(unknown).toEqual([]);
  });
});
