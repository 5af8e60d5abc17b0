import { sql, type Kysely } from 'kysely';
import type { Caller } from '../../context';
import type { Database } from '../../db/schema';
import { PROGRAMME_MANAGER_PERMISSION } from '../../policies/client-scope';
import { ANSWER_WINDOW_DAYS, employeeIn, regionFilter } from '../../domain/dashboards/figure-definitions';
import type { OverviewParams } from '../../domain/dashboards/overview-params';
import { holds } from '../../context';
import { actionTransition, WAITING_ACTION_STATES } from '../../../shared/actions/action-rules';
import { equipmentTransition } from '../../../shared/equipment/equipment-rules';

/**
 * "Needs your attention" beside the headline figures (SPEC §1 "what programme managers see"): the
 * reports waiting for this manager's approval, follow-ups overdue (no answer ANSWER_WINDOW_DAYS after
 * their due date) and high-risk employees with nothing done since their latest self-assessment (no
 * evaluation request or report, no corrective action of theirs moved out of open, no equipment
 * request: `handled`, migrations 032 and 039), the corrective actions whose employee needs help
 * (for whoever closes them) and the equipment requests waiting for this manager's decision
 * (docs/product.md "Equipment").
 * Each is a count and the oldest ATTENTION_ITEMS, named, since the manager acts on
 * each one; the page links each to where it is handled and to the full list. Overdue follow-ups and
 * actions lead to the employee, so they are listed one line per employee (their oldest item and how
 * many they have): a person with three actions waiting is one person to call, not three lines. Not tied to the period:
 * they are today's work. The region filter applies.
 */
export const ATTENTION_ITEMS = 5;
const DAY = 86_400_000;
const num = (v: unknown) => Number(v ?? 0);

export async function attentionItems(db: Kysely<Database>, caller: Caller, p: OverviewParams, now: Date) {
  // Only the client's own programme manager approves its reports (manifest/workflows/evaluation.yaml).
  const approves = holds(caller, PROGRAMME_MANAGER_PERMISSION) && caller.clientId === p.clientId;
  const overdueBefore = new Date(now.getTime() - ANSWER_WINDOW_DAYS * DAY);
  // Each list's count and its oldest few are two reads of one index range (migration 032); the
  // employee is joined for the count only under a region filter.
  const overdue = sql`follow_ups f ${employeeIn(p.regions, sql`f.employee_id`)}
    WHERE f.client_id = ${p.clientId} AND f.answered_at IS NULL AND f.due_at < ${overdueBefore}`;
  // Each employee's latest submission, whether a request or report followed it, and the employee's
  // account state and region are kept by migrations 031 and 032: the high-risk employees nobody has
  // acted on are an index range, counted without visiting the accounts.
  const waiting = sql`latest_self_assessments l WHERE l.client_id = ${p.clientId} AND l.risk_band = 'high' AND NOT l.handled AND l.active
    ${p.regions.length ? sql`AND l.region IN (${sql.join(p.regions)})` : sql``}`;
  // Corrective actions waiting for help go to whoever closes them (manifest/workflows/action.yaml `close`).
  const closesActions = holds(caller, actionTransition('close').permission);
  // Equipment requests are decided by the client's own programme manager (manifest/workflows/equipment.yaml `approve`).
  const decidesEquipment = holds(caller, equipmentTransition('approve').permission) && caller.clientId === p.clientId;
  const [approvals, followUps, followUpCount, highRisk, highRiskCount, actionsWaiting, equipmentWaiting] = await Promise.all([
    approves
      ? sql<{ id: number; first_name: string; last_name: string; since: Date; total: string }>`
        SELECT e.id, u.first_name, u.last_name, e.updated_at AS since, count(*) OVER () AS total
        FROM evaluations e JOIN users u ON u.id = e.employee_id ${regionFilter(p.regions)}
        WHERE e.client_id = ${p.clientId} AND e.status = 'pending_client_approval'
        ORDER BY e.updated_at, e.id LIMIT ${ATTENTION_ITEMS}`.execute(db)
      : null,
    sql<{ id: string; employee_id: number; first_name: string; last_name: string; due_at: Date; n: string }>`
      SELECT g.id, g.employee_id, u.first_name, u.last_name, g.due_at, g.n
      FROM (SELECT f.employee_id, min(f.due_at) AS due_at, (array_agg(f.id ORDER BY f.due_at, f.id))[1] AS id, count(*) AS n
        FROM ${overdue} GROUP BY f.employee_id ORDER BY min(f.due_at), f.employee_id LIMIT ${ATTENTION_ITEMS}) g
      JOIN users u ON u.id = g.employee_id ORDER BY g.due_at, g.employee_id`.execute(db),
    sql<{ total: string }>`SELECT count(*) AS total FROM ${overdue}`.execute(db),
    sql<{ employee_id: number; first_name: string; last_name: string; submitted_at: Date; report_token: string }>`
      SELECT w.user_id AS employee_id, u.first_name, u.last_name, w.submitted_at, a.report_token
      FROM (SELECT l.user_id, l.attempt_id, l.submitted_at FROM ${waiting} ORDER BY l.submitted_at, l.user_id LIMIT ${ATTENTION_ITEMS}) w
      JOIN users u ON u.id = w.user_id JOIN assessment_attempts a ON a.id = w.attempt_id ORDER BY w.submitted_at, w.user_id`.execute(db),
    sql<{ total: string }>`SELECT count(*) AS total FROM ${waiting}`.execute(db),
    // Grouped by employee from the index alone (migration 045), then only the oldest few are named:
    // joining every waiting action to its account first read all of a large client's accounts.
    closesActions
      ? sql<{ id: number; employee_id: number; first_name: string; last_name: string; since: Date; n: string; total: string }>`
        SELECT g.id, g.user_id AS employee_id, n.first_name, n.last_name, g.since, g.n, g.total
        FROM (SELECT a.user_id, (array_agg(a.id ORDER BY a.updated_at, a.id))[1] AS id, min(a.updated_at) AS since, count(*) AS n,
            sum(count(*)) OVER () AS total
          FROM corrective_actions a ${employeeIn(p.regions, sql`a.user_id`)}
          WHERE a.client_id = ${p.clientId} AND a.state IN (${sql.join([...WAITING_ACTION_STATES])})
          GROUP BY a.user_id ORDER BY min(a.updated_at), a.user_id LIMIT ${ATTENTION_ITEMS}) g
        JOIN users n ON n.id = g.user_id ORDER BY g.since, g.user_id`.execute(db)
      : null,
    decidesEquipment
      ? sql<{ id: number; first_name: string; last_name: string; since: Date; total: string }>`
        SELECT r.id, u.first_name, u.last_name, r.created_at AS since, count(*) OVER () AS total
        FROM equipment_requests r JOIN users u ON u.id = r.user_id ${regionFilter(p.regions)}
        WHERE r.client_id = ${p.clientId} AND r.state = 'requested'
        ORDER BY r.created_at, r.id LIMIT ${ATTENTION_ITEMS}`.execute(db)
      : null,
  ]);
  const name = (r: { first_name: string; last_name: string }) => `${r.first_name} ${r.last_name}`;
  const total = (rows: { total: string }[]) => num(rows[0]?.total);
  return {
    approvals: approvals
      ? {
          count: total(approvals.rows),
          items: approvals.rows.map((r) => ({ id: Number(r.id), employee: name(r), since: new Date(r.since).toISOString() })),
        }
      : null,
    overdue_follow_ups: {
      count: total(followUpCount.rows),
      items: followUps.rows.map((r) => ({
        id: String(r.id),
        employee_id: r.employee_id,
        employee: name(r),
        due_at: new Date(r.due_at).toISOString(),
        count: num(r.n),
      })),
    },
    actions_need_help: actionsWaiting
      ? {
          count: total(actionsWaiting.rows),
          items: actionsWaiting.rows.map((r) => ({
            id: Number(r.id),
            employee_id: r.employee_id,
            employee: name(r),
            since: new Date(r.since).toISOString(),
            count: num(r.n),
          })),
        }
      : null,
    equipment_waiting: equipmentWaiting
      ? {
          count: total(equipmentWaiting.rows),
          items: equipmentWaiting.rows.map((r) => ({ id: Number(r.id), employee: name(r), since: new Date(r.since).toISOString() })),
        }
      : null,
    high_risk_unhandled: {
      count: total(highRiskCount.rows),
      items: highRisk.rows.map((r) => ({
        employee_id: r.employee_id,
        employee: name(r),
        submitted_at: new Date(r.submitted_at).toISOString(),
        report: r.report_token,
      })),
    },
  };
}
