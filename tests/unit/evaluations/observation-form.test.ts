import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routes } from '../../../generated/routes';
import { ROSA_DURATIONS, ROSA_ITEMS } from '../../../src/shared/assessment/rosa-inputs';
import {
  OBSERVATION_SECTIONS,
  observationProblem,
  RECOMMENDATION_CATALOGUE,
  recommendationProblem,
  rosaOf,
} from '../../../src/shared/evaluations/observation-form';

const fields = new Map(OBSERVATION_SECTIONS.flatMap((s) => s.fields.map((f) => [f.key, f] as const)));

describe('the evaluation form declared in content/evaluations/', () => {
  it('declares every ROSA item with its scored options, so the evaluator’s ROSA reads the same ids', () => {
    for (const items of Object.values(ROSA_ITEMS)) {
      for (const item of items) {
        const field = fields.get(item.question);
        expect(field, item.question).toBeDefined();
        const values = field!.type === 'yesno' ? ['yes', 'no'] : field!.options!.map((o) => o.value);
        for (const option of Object.keys(item.points)) expect(values, `${item.question} ${option}`).toContain(option);
      }
    }
    for (const question of Object.values(ROSA_DURATIONS))
      expect(fields.get(question)?.options?.map((o) => o.value)).toEqual(['lt1', '1to4', 'gt4']);
  });

  it('has help text on every section, unique keys, and catalogue links to pages that exist', () => {
    expect(fields.size).toBe(OBSERVATION_SECTIONS.flatMap((s) => s.fields).length);
    for (const s of OBSERVATION_SECTIONS) expect(s.help, s.id).toBeTruthy();
    const paths = new Set(routes.map((r) => r.path));
    for (const r of RECOMMENDATION_CATALOGUE) {
      const slug = r.link.replace(/^\/user\//, '');
      const exists = paths.has(r.link) || existsSync(resolve(import.meta.dirname, `../../../content/equipment/${slug}.md`));
      expect(exists, r.link).toBe(true);
      expect(
        OBSERVATION_SECTIONS.some((s) => s.id === r.section),
        r.key,
      ).toBe(true);
    }
    expect(new Set(RECOMMENDATION_CATALOGUE.map((r) => r.key)).size).toBe(RECOMMENDATION_CATALOGUE.length);
  });

  it('refuses unknown keys and values, and scores a poor chair higher than a good one', () => {
    expect(observationProblem({ 'chair.seat_height': 'knees_level', chair: 'Fine.' })).toBeNull();
    expect(observationProblem({ toString: 'x' })).toMatch(/not an observation/);
    expect(observationProblem({ 'chair.legroom': 'maybe' })).toMatch(/one of its options/);
    expect(observationProblem({ chair: 'x'.repeat(4001) })).toMatch(/at most/);
    expect(recommendationProblem([{ catalogue_key: 'chair.footrest' }])).toBeNull();
    expect(recommendationProblem([{ catalogue_key: 'chair.nope' }])).toMatch(/not in the recommendation catalogue/);
    const good = rosaOf({ 'chair.seat_height': 'knees_level', 'chair.backrest': 'lumbar_supported', 'time.sitting': 'lt1' });
    const poor = rosaOf({
      'chair.seat_height': 'feet_unsupported',
      'chair.legroom': 'no',
      'chair.backrest': 'none',
      'chair.armrests': 'none',
      'time.sitting': 'gt4',
    });
    expect(poor.scores.chair).toBeGreaterThan(good.scores.chair);
  });
});
