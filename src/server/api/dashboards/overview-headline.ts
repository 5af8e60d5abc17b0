import type { Kysely } from 'kysely';
import { suppressed } from '../../../shared/dashboards/small-groups';
import type { Database } from '../../db/schema';
import {
  followUpsAnswered,
  howCounted,
  openRequests,
  reportsFinalized,
  share,
  type FigureKey,
} from '../../domain/dashboards/figure-definitions';
import { addMonths, periodOf, type OverviewParams } from '../../domain/dashboards/overview-params';
import { rollupTotals } from './overview-rollups';
import { sharedFigures } from './overview-shared';

/**
 * The Programme Overview's headline figures (SPEC §1 "what programme managers see": the programme
 * in ten seconds): each with the same figure for the previous period of the same length and, where
 * the client set a target (migration 029), a state: on target (green), close (amber, within
 * AMBER_POINTS of it) or off target (red). Figures about fewer than five people are null.
 */
export const AMBER_POINTS = { participation: 10, highRisk: 5 } as const;

export type TargetState = 'on_target' | 'near_target' | 'off_target';
export interface Targets {
  readonly participation: number;
  readonly highRisk: number;
}

/** The period of the same number of whole months just before `p`. */
export function previousPeriod(p: OverviewParams): OverviewParams {
  const [fy, fm] = p.fromMonth.split('-').map(Number);
  const [ty, tm] = p.toMonth.split('-').map(Number);
  const length = (ty - fy) * 12 + (tm - fm) + 1;
  return periodOf(p, addMonths(p.fromMonth, -length), addMonths(p.fromMonth, -1));
}

const atLeast = (value: number | null, target: number, amber: number): TargetState | null =>
  value === null ? null : value >= target ? 'on_target' : value >= target - amber ? 'near_target' : 'off_target';
const atMost = (value: number | null, ceiling: number, amber: number): TargetState | null =>
  value === null ? null : value <= ceiling ? 'on_target' : value <= ceiling + amber ? 'near_target' : 'off_target';

interface Headline {
  key: FigureKey;
  unit: 'count' | 'percent';
  value: number | null;
  previous: number | null;
  change: number | null;
  target: number | null;
  target_kind: 'at_least' | 'at_most' | null;
  state: TargetState | null;
  how: string;
}

function figure(
  key: FigureKey,
  unit: Headline['unit'],
  value: number | null,
  previous: number | null,
  extra: Partial<Headline> = {},
): Headline {
  const change = value !== null && previous !== null ? Math.round((value - previous) * 10) / 10 : null;
  return { key, unit, value, previous, change, target: null, target_kind: null, state: null, how: howCounted(key), ...extra };
}

async function selfAssessments(totals: ReturnType<typeof rollupTotals>, eligible: number) {
  const t = (await totals).rows[0];
  const people = Number(t?.participants ?? 0);
  const total = Number(t?.total ?? 0);
  return {
    people: suppressed(people, people),
    participation: suppressed(people, share(people, eligible)),
    highRisk: suppressed(people, share(Number(t?.high ?? 0), total)),
  };
}

export async function headlineFigures(db: Kysely<Database>, p: OverviewParams, targets: Targets, shared = sharedFigures(db, p)) {
  const before = previousPeriod(p);
  // Eligible employees are today's accounts: both periods' participation is a share of them.
  const eligible = (await shared.eligible()).reduce((sum, r) => sum + r.count, 0);
  const [now, then, finalized, finalizedBefore, answered, answeredBefore, open] = await Promise.all([
    selfAssessments(shared.totals(), eligible),
    selfAssessments(rollupTotals(db, before), eligible),
    shared.finalized(),
    reportsFinalized(db, before),
    followUpsAnswered(db, p),
    followUpsAnswered(db, before),
    openRequests(db, p.clientId, p.regions),
  ]);
  return {
    eligible,
    previous_period: { from_month: before.fromMonth, to_month: before.toMonth },
    figures: [
      figure('participants', 'count', now.people, then.people),
      figure('participation_share', 'percent', now.participation, then.participation, {
        target: targets.participation,
        target_kind: 'at_least',
        state: atLeast(now.participation, targets.participation, AMBER_POINTS.participation),
      }),
      figure('high_risk_share', 'percent', now.highRisk, then.highRisk, {
        target: targets.highRisk,
        target_kind: 'at_most',
        state: atMost(now.highRisk, targets.highRisk, AMBER_POINTS.highRisk),
      }),
      figure(
        'reports_finalized',
        'count',
        suppressed(finalized.people, finalized.reports),
        suppressed(finalizedBefore.people, finalizedBefore.reports),
      ),
      figure(
        'follow_ups_answered',
        'count',
        suppressed(answered.people, answered.answered),
        suppressed(answeredBefore.people, answeredBefore.answered),
      ),
      // Open requests are today's: there is no earlier period to compare with.
      figure('open_requests', 'count', suppressed(open.people, open.requests), null),
    ],
  };
}
