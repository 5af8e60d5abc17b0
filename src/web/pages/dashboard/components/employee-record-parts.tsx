import type { ReactNode } from 'react';
import type { ApiResponse } from '../../../../../generated/api-types';
import { AppLink } from '../../../components/links/app-link';
import { AREA_NAMES, formatDate } from '../../../components/reports/report-labels';

/** GET /employees/:id (src/server/employees/record.ts), as manifest/api.yaml employee_record declares it. */
export type EmployeeRecord = ApiResponse<'employee_record'>;

/** SPEC §3 report status labels for the workflow states (manifest/workflows/evaluation.yaml). */
export const EVALUATION_STATUS: Record<string, string> = {
  draft: 'Draft',
  in_review: 'In Review',
  re_review: 'Re-Review',
  evaluator_reviewed: 'Evaluator Reviewed',
  evaluator_qc_reviewed: 'Evaluator QC Reviewed',
  pending_client_approval: 'Pending Client Approval',
  finalized: 'Finalized',
  declined: 'Declined',
  hidden: 'Hidden',
};
export const REQUEST_STATUS: Record<string, string> = {
  requested: 'Requested',
  scheduled: 'Scheduled',
  cancelled: 'Cancelled',
  completed: 'Completed',
};
export const BAND_NAMES: Record<string, string> = { low: 'low risk', moderate: 'moderate risk', high: 'high risk' };

export const areaName = (area: string) => AREA_NAMES[area.toLowerCase()] ?? area;
export const when = (value: string | null) => (value ? formatDate(value) : '—');
export const scoreText = (a: { score: number | null; band: string | null }) =>
  a.score === null ? 'not scored' : `${a.score} of 10, ${BAND_NAMES[a.band ?? ''] ?? a.band}`;

/** A follow-up's answers as the employee gave them: question key, then answer. */
export function Answers({ answers }: { answers: unknown }): ReactNode {
  if (answers === null || answers === undefined) return <p className="muted">Not answered yet.</p>;
  if (typeof answers !== 'object') return <p>{String(answers)}</p>;
  const entries = Object.entries(answers as Record<string, unknown>);
  if (!entries.length) return <p className="muted">No answers given.</p>;
  return (
    <dl className="employee-answers">
      {entries.map(([key, value]) => (
        <div key={key}>
          <dt>{key.replace(/[_-]+/g, ' ').replace(/^./, (c) => c.toUpperCase())}</dt>
          <dd>{typeof value === 'object' ? JSON.stringify(value) : String(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A table that scrolls sideways on a phone instead of overflowing the page. */
export function Table({ caption, head, children }: { caption: string; head: string[]; children: ReactNode }) {
  return (
    <div className="employee-table-wrap" tabIndex={0} role="region" aria-label={caption}>
      <table className="employee-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** The report link in the viewer's own area, or the date as text when the reader may not open it. */
export function ReportLink({ to, date }: { to: string; date: string }) {
  return (
    <AppLink to={to} fallback={<>{when(date)}</>}>
      Report of {when(date)}
    </AppLink>
  );
}

export interface HistoryEvent {
  at: string;
  key: string;
  text: string;
  report?: string;
  answers?: unknown;
}

/**
 * The employee's history ("prev", SPEC §2 decision): every dated event of the record in one list,
 * newest first, each self-assessment with the change since the previous one in the same work area
 * (lower scores are better: ROSA, Sonne, Villalta & Andrews 2012).
 */
export function historyOf(record: EmployeeRecord): HistoryEvent[] {
  const events: HistoryEvent[] = [];
  record.assessments.forEach((a, i) => {
    const previous = record.assessments.slice(i + 1).find((p) => p.area === a.area);
    let change = '';
    if (previous && a.score !== null && previous.score !== null) {
      const diff = a.score - previous.score;
      change =
        diff === 0
          ? ', the same as the previous time'
          : diff < 0
            ? `, ${-diff} lower (better) than the previous time`
            : `, ${diff} higher (worse) than the previous time`;
    }
    events.push({
      at: a.submitted_at,
      key: `a-${a.url}`,
      text: `${areaName(a.area)} self-assessment: ${scoreText(a)}${change}.`,
      report: a.url,
    });
  });
  for (const r of record.requests) {
    events.push({ at: r.created_at, key: `r-${r.id}`, text: `Asked for a one-to-one evaluation (${areaName(r.work_area)}).` });
    if (r.scheduled_at)
      events.push({
        at: r.scheduled_at,
        key: `rs-${r.id}`,
        text: `Evaluation meeting (${areaName(r.work_area)}) ${r.status === 'scheduled' ? 'booked for this day' : 'was booked for this day'}.`,
      });
    if (r.completed_at) events.push({ at: r.completed_at, key: `rc-${r.id}`, text: `Evaluation meeting (${areaName(r.work_area)}) held.` });
    if (r.cancelled_at)
      events.push({ at: r.cancelled_at, key: `rx-${r.id}`, text: `Evaluation request (${areaName(r.work_area)}) cancelled.` });
  }
  for (const e of record.evaluations) {
    if (record.all_evaluation_statuses)
      events.push({
        at: e.created_at,
        key: `e-${e.id}`,
        text: `Evaluation report (${areaName(e.work_area)}) started; now ${EVALUATION_STATUS[e.status] ?? e.status}.`,
      });
    if (e.finalized_at)
      events.push({ at: e.finalized_at, key: `ef-${e.id}`, text: `Evaluation report (${areaName(e.work_area)}) finalized.` });
    else if (!record.all_evaluation_statuses)
      events.push({
        at: e.submitted_at ?? e.created_at,
        key: `e-${e.id}`,
        text: `Evaluation report (${areaName(e.work_area)}): ${EVALUATION_STATUS[e.status] ?? e.status}.`,
      });
  }
  for (const f of record.follow_ups) {
    events.push(
      f.answered_at
        ? { at: f.answered_at, key: `f-${f.id}`, text: 'Answered the follow-up questions.', answers: f.answers }
        : { at: f.due_at, key: `f-${f.id}`, text: 'Follow-up questions due, not answered yet.' },
    );
  }
  return events.sort((x, y) => y.at.localeCompare(x.at));
}
