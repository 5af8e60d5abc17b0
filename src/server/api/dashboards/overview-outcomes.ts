import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { CMDQ_REGIONS } from '../../../shared/assessment/cmdq-regions';
import { MIN_GROUP_SIZE, isFew, suppressed } from '../../../shared/dashboards/small-groups';
import { OUTCOME_AMBER, type OutcomeKey } from '../../../shared/dashboards/outcomes';
import { howCounted, share } from '../../domain/dashboards/figure-definitions';
import { liveActions, outcomeRows } from '../../domain/dashboards/outcome-figures';
import type { OverviewParams } from '../../domain/dashboards/overview-params';
import type { TargetState } from './overview-headline';

/**
 * The Programme Overview's risk-reduction panel (docs/product.md "Outcomes: the risk-reduction
 * panel"): what changed for the employees who had actions in the period, with each figure on, close to
 * or off the client's target (migration 038). Every figure about fewer than five employees is null
 * (SPEC §1 small groups), and so is a count of one to four of them inside a larger group: "3 moved
 * out of 40" points at three people as surely as "3 moved out".
 */
export interface OutcomeTargets {
  readonly moved_out_target_pct: number;
  readonly rosa_drop_target: number;
  readonly discomfort_drop_target_pct: number;
  readonly overdue_ceiling_pct: number;
  readonly cost_per_move_target: number;
  readonly equipment_currency: string;
}

interface OutcomeFigure {
  key: OutcomeKey;
  unit: 'count' | 'percent' | 'points' | 'money';
  value: number | null;
  /** What the value is out of (employees high risk before, open actions), where it has one. */
  of: number | null;
  /** The figure the target is about, when it is not the value itself (a share of `of`). */
  measure: number | null;
  target: number | null;
  target_kind: 'at_least' | 'at_most' | null;
  state: TargetState | null;
  how: string;
}

const round1 = (v: number) => Math.round(v * 10) / 10;

const atLeast = (v: number | null, target: number, amber: number): TargetState | null =>
  v === null ? null : v >= target ? 'on_target' : v >= target - amber ? 'near_target' : 'off_target';
const atMost = (v: number | null, ceiling: number, amber: number): TargetState | null =>
  v === null ? null : v <= ceiling ? 'on_target' : v <= ceiling + amber ? 'near_target' : 'off_target';

function figure(key: OutcomeKey, unit: OutcomeFigure['unit'], value: number | null, extra: Partial<OutcomeFigure> = {}): OutcomeFigure {
  return { key, unit, value, of: null, measure: null, target: null, target_kind: null, state: null, how: howCounted(key), ...extra };
}

export async function outcomeFigures(db: Kysely<Database>, p: OverviewParams, targets: OutcomeTargets, now: Date) {
  const [o, live] = await Promise.all([outcomeRows(db, p, targets.equipment_currency), liveActions(db, p.clientId, p.regions, now)]);

  // Moved out of high risk: a share of the employees high risk before; hidden under five of either.
  const movedHidden = o.highBefore < MIN_GROUP_SIZE || isFew(o.movedOut);
  const movedShare = movedHidden ? null : share(o.movedOut, o.highBefore);
  // Discomfort anywhere, before and after, as shares of the employees measured.
  const discomfortHidden = o.measured < MIN_GROUP_SIZE || isFew(o.anyBefore) || isFew(o.anyAfter);
  const discomfortChange = discomfortHidden ? null : round1(share(o.anyAfter, o.measured) - share(o.anyBefore, o.measured));
  const rosa = o.rosaMedian === null ? null : suppressed(o.rosaPeople, round1(o.rosaMedian));
  // Actions are not people, their owners are: each count follows the number of employees behind it.
  const openActions = suppressed(live.livePeople, live.live);
  const overdueHidden = live.livePeople < MIN_GROUP_SIZE || isFew(live.overduePeople);
  const overdueShare = overdueHidden ? null : share(live.overdue, live.live);
  // Cost per employee moved out, in whole units of the client's currency; none when nothing was recorded.
  const cost = movedHidden || o.movedOut === 0 || o.costRequests === 0 ? null : Math.round(o.costCents / o.movedOut / 100);

  return {
    measured: suppressed(o.measured, o.measured),
    currency: targets.equipment_currency,
    cost_recorded: o.costRequests > 0,
    figures: [
      figure('moved_out_of_high_risk', 'count', movedHidden ? null : o.movedOut, {
        of: suppressed(o.highBefore, o.highBefore),
        measure: movedShare,
        target: targets.moved_out_target_pct,
        target_kind: 'at_least',
        state: atLeast(movedShare, targets.moved_out_target_pct, OUTCOME_AMBER.movedOut),
      }),
      figure('rosa_change', 'points', rosa, {
        of: suppressed(o.rosaPeople, o.rosaPeople),
        target: -targets.rosa_drop_target,
        target_kind: 'at_most',
        state: atMost(rosa, -targets.rosa_drop_target, OUTCOME_AMBER.rosaDrop),
      }),
      figure('discomfort_change', 'points', discomfortChange, {
        of: suppressed(o.measured, o.measured),
        target: -targets.discomfort_drop_target_pct,
        target_kind: 'at_most',
        state: atMost(discomfortChange, -targets.discomfort_drop_target_pct, OUTCOME_AMBER.discomfortDrop),
      }),
      figure('open_actions', 'count', openActions),
      figure('overdue_actions', 'count', overdueHidden ? null : live.overdue, {
        of: openActions,
        measure: overdueShare,
        target: targets.overdue_ceiling_pct,
        target_kind: 'at_most',
        state: atMost(overdueShare, targets.overdue_ceiling_pct, OUTCOME_AMBER.overdueCeiling),
      }),
      figure('cost_per_move', 'money', cost, {
        of: movedHidden ? null : o.movedOut,
        target: targets.cost_per_move_target,
        target_kind: 'at_most',
        state: atMost(cost, targets.cost_per_move_target, targets.cost_per_move_target * OUTCOME_AMBER.costPerMoveShare),
      }),
    ],
    // Discomfort by body region before and after, as shares of the employees measured; a region one
    // to four of them reported, before or after, is withheld.
    regions: CMDQ_REGIONS.map((region) => {
      const r = o.regions.get(region) ?? { before: 0, after: 0 };
      const hidden = o.measured < MIN_GROUP_SIZE || isFew(r.before) || isFew(r.after);
      return { region, before: hidden ? null : share(r.before, o.measured), after: hidden ? null : share(r.after, o.measured) };
    }),
  };
}
