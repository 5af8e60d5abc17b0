import { describe, expect, it } from 'vitest';
import { DEMO_REPORTS, demoRosa } from '../../../src/server/db/demo-evaluation-content';
import { catalogueEntry, observationProblem, recommendationProblem } from '../../../src/shared/evaluations/observation-form';
import { ROSA_SCALE } from '../../../src/shared/assessment/rosa';

describe("the demo's finalized evaluation reports are whole reports", () => {
  it('each has several observations the form accepts, a ROSA score on its scale and three or more catalogue recommendations with a guide', () => {
    expect(DEMO_REPORTS.length).toBeGreaterThanOrEqual(3);
    for (const report of DEMO_REPORTS) {
      expect(observationProblem(report.observations)).toBeNull();
      expect(Object.keys(report.observations).length).toBeGreaterThanOrEqual(10);
      const final = demoRosa(report).scores.final;
      expect(final).toBeGreaterThanOrEqual(ROSA_SCALE.min);
      expect(final).toBeLessThanOrEqual(ROSA_SCALE.max);
      expect(recommendationProblem(report.recommendations)).toBeNull();
      expect(report.recommendations.length).toBeGreaterThanOrEqual(3);
      for (const r of report.recommendations) expect(catalogueEntry(r.catalogue_key)?.link).toMatch(/^\/user\//);
    }
    // Both sides of ROSA's action level appear, so the demo shows what the scale means.
    expect(new Set(DEMO_REPORTS.map((r) => demoRosa(r).scores.final >= ROSA_SCALE.actionLevel)).size).toBe(2);
  });
});
