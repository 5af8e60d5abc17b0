import type { ReactNode } from 'react';
import type { ApiResponse } from '../../../../../generated/api-types';
import { AppLink } from '../../../components/links/app-link';
import { areaName as areaText, formatDate } from '../../../components/reports/report-labels';
import { evaluationStatus, requestStatus, riskBand } from '../../../components/reports/status-labels';
import { HTML_LANG } from '../../../i18n/language';
import { currentLanguage, currentT, useT } from '../../../i18n/texts';

/** GET /employees/:id (src/server/api/search/employee-record.ts), as manifest/api/search.yaml employee_record declares it. */
export type EmployeeRecord = ApiResponse<'employee_record'>;

/** A status, area and score in the reader's language (the page re-renders when it changes). */
export const evaluationStatusText = (code: string) => evaluationStatus(currentT(), code);
export const requestStatusText = (code: string) => requestStatus(currentT(), code);
export const areaName = (area: string) => areaText(currentT(), area.toLowerCase());
export const when = (value: string | null) => (value ? formatDate(value, HTML_LANG[currentLanguage()]) : '—');
export const scoreText = (a: { score: number | null; band: string | null }) =>
  a.score === null
    ? currentT()('staff.er.not_scored')
    : currentT()('staff.er.score', { score: a.score, band: riskBand(currentT(), a.band ?? '') });

/** A follow-up's answers as the employee gave them: question key, then answer. */
export function Answers({ answers }: { answers: unknown }): ReactNode {
  const t = useT();
  if (answers === null || answers === undefined) return <p className="muted">{t('staff.er.not_answered')}</p>;
  if (typeof answers !== 'object') return <p>{String(answers)}</p>;
  const entries = Object.entries(answers as Record<string, unknown>);
  if (!entries.length) return <p className="muted">{t('staff.er.no_answers')}</p>;
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
  const t = useT();
  return (
    <AppLink to={to} fallback={<>{when(date)}</>}>
      {t('staff.er.report_of', { date: when(date) })}
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
  const t = currentT();
  const events: HistoryEvent[] = [];
  record.assessments.forEach((a, i) => {
    const previous = record.assessments.slice(i + 1).find((p) => p.area === a.area);
    let change = '';
    if (previous && a.score !== null && previous.score !== null) {
      const diff = a.score - previous.score;
      change = diff === 0 ? t('staff.er.same') : diff < 0 ? t('staff.er.lower', { diff: -diff }) : t('staff.er.higher', { diff });
    }
    events.push({
      at: a.submitted_at,
      key: `a-${a.url}`,
      text: t('staff.er.h_assessment', { area: areaName(a.area), score: scoreText(a), change }),
      report: a.url,
    });
  });
  for (const r of record.requests) {
    events.push({ at: r.created_at, key: `r-${r.id}`, text: t('staff.er.h_asked', { area: areaName(r.work_area) }) });
    if (r.scheduled_at)
      events.push({
        at: r.scheduled_at,
        key: `rs-${r.id}`,
        text: t(r.status === 'scheduled' ? 'staff.er.h_booked' : 'staff.er.h_was_booked', { area: areaName(r.work_area) }),
      });
    if (r.completed_at) events.push({ at: r.completed_at, key: `rc-${r.id}`, text: t('staff.er.h_held', { area: areaName(r.work_area) }) });
    if (r.cancelled_at)
      events.push({ at: r.cancelled_at, key: `rx-${r.id}`, text: t('staff.er.h_cancelled', { area: areaName(r.work_area) }) });
  }
  for (const e of record.evaluations) {
    if (record.all_evaluation_statuses)
      events.push({
        at: e.created_at,
        key: `e-${e.id}`,
        text: t('staff.er.h_started', { area: areaName(e.work_area), status: evaluationStatusText(e.status) }),
      });
    if (e.finalized_at)
      events.push({ at: e.finalized_at, key: `ef-${e.id}`, text: t('staff.er.h_finalized', { area: areaName(e.work_area) }) });
    else if (!record.all_evaluation_statuses)
      events.push({
        at: e.submitted_at ?? e.created_at,
        key: `e-${e.id}`,
        text: t('staff.er.h_status', { area: areaName(e.work_area), status: evaluationStatusText(e.status) }),
      });
  }
  for (const f of record.follow_ups) {
    events.push(
      f.answered_at
        ? { at: f.answered_at, key: `f-${f.id}`, text: t('staff.er.h_answered'), answers: f.answers }
        : { at: f.due_at, key: `f-${f.id}`, text: t('staff.er.h_due') },
    );
  }
  return events.sort((x, y) => y.at.localeCompare(x.at));
}
