import type { AssessmentResult } from '../../../shared/assessment/types';

/**
 * The columns of migration 020 for a submitted attempt: the figures programme dashboards and custom
 * search group and filter by (SPEC §2 /program-overview), copied from the stored result so that they
 * never disagree with the report the employee reads.
 */
export function dashboardFacts(result: AssessmentResult) {
  const body: Record<string, number> = {};
  for (const region of result.bodyMap) if (region.score > 0) body[region.region] = region.score;
  return {
    overall_score: Math.round(result.overall.score),
    risk_band: result.overall.band,
    finding_ids: result.findings.map((f) => f.id),
    body_scores: JSON.stringify(body),
  };
}
