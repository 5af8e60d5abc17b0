import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import type { ColDef } from 'ag-grid-community';
import { ServerGrid } from '../../../../components/grid/server-grid';
import { AREA_NAMES, BAND_NAMES, formatDateTime, formatDay, useReportHref } from './activity-parts';

/** Server-paged grids of one client (src/server/dashboards/): each sends `client_id` when one was chosen. */
const withClient = (clientId: number | undefined, filters: Record<string, string> = {}) => ({
  ...(clientId ? { client_id: String(clientId) } : {}),
  ...filters,
});

interface ReportRow {
  type: 'self-assessment' | 'survey' | 'evaluation';
  id: string;
  employee: string;
  email: string;
  title: string;
  date: string;
  score: number | null;
  band: string | null;
  url: string;
}
const TYPE_NAMES = { 'self-assessment': 'Self-assessment', survey: 'Survey', evaluation: 'Ergo evaluation' } as const;

/** A client's reports of one kind, each linked to the report page the reader may open. */
export function ReportsGrid({ clientId, kind }: { clientId?: number; kind: 'self-assessment' | 'ergo-eval' | 'all' }) {
  const href = useReportHref();
  const columns = useMemo<ColDef<ReportRow>[]>(
    () => [
      {
        field: 'employee',
        headerName: 'Employee',
        sortable: true,
        flex: 2,
        cellRenderer: (p: { data?: ReportRow }) =>
          p.data ? (
            <>
              {p.data.employee} <small>{p.data.email}</small>
            </>
          ) : null,
      },
      {
        field: 'type',
        headerName: 'Kind',
        sortable: true,
        valueFormatter: (p) => (p.value ? TYPE_NAMES[p.value as ReportRow['type']] : ''),
      },
      {
        field: 'title',
        headerName: 'Area or survey',
        sortable: true,
        valueFormatter: (p) => AREA_NAMES[p.value as string] ?? p.value ?? '',
      },
      { field: 'date', headerName: 'Date', sortable: true, valueFormatter: (p) => formatDay(p.value as string) },
      {
        field: 'score',
        headerName: 'Score',
        sortable: true,
        maxWidth: 110,
        valueFormatter: (p) => (p.data?.band ? `${p.value} (${BAND_NAMES[p.data.band] ?? p.data.band})` : (p.value ?? '')),
      },
      {
        headerName: 'Report',
        sortable: false,
        cellRenderer: (p: { data?: ReportRow }) => {
          const to = p.data ? href(p.data.type, p.data.url) : null;
          return to ? (
            <Link to={to}>
              Open<span className="visually-hidden"> the report of {p.data!.employee}</span>
            </Link>
          ) : null;
        },
      },
    ],
    [href],
  );
  return (
    <ServerGrid
      call="activity_reports"
      filters={withClient(clientId, { kind })}
      columns={columns}
      noun={['report', 'reports']}
      empty="No report yet."
    />
  );
}

interface RequestRow {
  id: number;
  employee: string;
  email: string;
  area: string;
  status: string;
  requested_at: string;
  scheduled_at: string | null;
  employee_time_zone: string;
  evaluator: string | null;
  business_days_waited: number | null;
  promise: 'new' | 'due' | 'overdue' | null;
}
const REQUEST_STATUS = { requested: 'Open', scheduled: 'Scheduled', completed: 'Completed', cancelled: 'Cancelled' } as const;
const PROMISE = { new: 'New', due: 'Due now', overdue: 'Overdue' } as const;

/** Evaluation requests in one state; booked times in the reader's own time zone (SPEC §2). */
export function RequestsGrid({ clientId, state }: { clientId?: number; state: string }) {
  const columns = useMemo<ColDef<RequestRow>[]>(
    () => [
      {
        field: 'employee',
        headerName: 'Employee',
        sortable: true,
        flex: 2,
        cellRenderer: (p: { data?: RequestRow }) =>
          p.data ? (
            <>
              {p.data.employee} <small>{p.data.email}</small>
            </>
          ) : null,
      },
      { field: 'area', headerName: 'Work area', sortable: true },
      {
        field: 'status',
        headerName: 'State',
        sortable: true,
        valueFormatter: (p) => REQUEST_STATUS[p.value as keyof typeof REQUEST_STATUS] ?? p.value ?? '',
      },
      {
        field: 'requested_at',
        colId: 'created_at',
        headerName: 'Requested',
        sortable: true,
        valueFormatter: (p) => formatDay(p.value as string),
      },
      {
        field: 'scheduled_at',
        headerName: 'Booked for (your time)',
        sortable: true,
        flex: 2,
        valueFormatter: (p) => formatDateTime(p.value as string | null),
      },
      { field: 'evaluator', headerName: 'Ergonomist', sortable: false },
      {
        field: 'business_days_waited',
        headerName: 'Waited',
        sortable: false,
        valueFormatter: (p) =>
          p.value === null || p.value === undefined
            ? ''
            : `${p.value} business days${p.data?.promise ? ` · ${PROMISE[p.data.promise]}` : ''}`,
      },
    ],
    [],
  );
  return (
    <ServerGrid
      call="activity_evaluation_requests"
      filters={withClient(clientId, { state })}
      columns={columns}
      noun={['request', 'requests']}
      empty="No request in this state."
    />
  );
}

interface EvaluationRow {
  id: number;
  employee: string;
  email: string;
  area: string;
  status: string;
  status_label: string;
  created_at: string;
  updated_at: string;
  finalized_at: string | null;
  business_days: number | null;
}

/** Evaluation reports with their workflow status labels (manifest/workflows/evaluation.yaml). */
export function EvaluationsGrid({ clientId }: { clientId?: number }) {
  const columns = useMemo<ColDef<EvaluationRow>[]>(
    () => [
      {
        field: 'employee',
        headerName: 'Employee',
        sortable: true,
        flex: 2,
        cellRenderer: (p: { data?: EvaluationRow }) =>
          p.data ? (
            <>
              {p.data.employee} <small>{p.data.email}</small>
            </>
          ) : null,
      },
      { field: 'area', headerName: 'Work area', sortable: true },
      { field: 'status_label', colId: 'status', headerName: 'Status', sortable: true },
      { field: 'updated_at', headerName: 'Last change', sortable: true, valueFormatter: (p) => formatDay(p.value as string) },
      { field: 'finalized_at', headerName: 'Finalized', sortable: true, valueFormatter: (p) => formatDay(p.value as string | null) },
      { field: 'business_days', headerName: 'Business days', sortable: false, maxWidth: 150 },
    ],
    [],
  );
  return (
    <ServerGrid
      call="activity_evaluation_rows"
      filters={withClient(clientId)}
      columns={columns}
      noun={['evaluation', 'evaluations']}
      empty="No evaluation yet."
    />
  );
}

interface FollowUpRow {
  id: string;
  employee: string;
  email: string;
  area: string;
  due_at: string;
  answered_at: string | null;
  state: string;
  reminders_sent: number;
  recommendations: { status: string; text: string }[];
  discomfort_regions: string[];
  comment: string;
}
const OUTCOME = { done: 'Done', in_progress: 'In progress', not_done: 'Not done' } as const;
export const FOLLOW_UP_STATE = { scheduled: 'Scheduled', due: 'Due', overdue: 'Overdue', answered: 'Answered' } as const;

/** Follow-ups with what the employee answered. */
export function FollowUpsGrid({ clientId, state }: { clientId?: number; state: string }) {
  const columns = useMemo<ColDef<FollowUpRow>[]>(
    () => [
      {
        field: 'employee',
        headerName: 'Employee',
        sortable: true,
        flex: 2,
        cellRenderer: (p: { data?: FollowUpRow }) =>
          p.data ? (
            <>
              {p.data.employee} <small>{p.data.email}</small>
            </>
          ) : null,
      },
      {
        field: 'state',
        headerName: 'State',
        sortable: false,
        maxWidth: 130,
        valueFormatter: (p) => FOLLOW_UP_STATE[p.value as keyof typeof FOLLOW_UP_STATE] ?? '',
      },
      { field: 'due_at', headerName: 'Due', sortable: true, valueFormatter: (p) => formatDay(p.value as string) },
      { field: 'answered_at', headerName: 'Answered', sortable: true, valueFormatter: (p) => formatDay(p.value as string | null) },
      {
        headerName: 'Recommendations',
        sortable: false,
        flex: 3,
        autoHeight: true,
        wrapText: true,
        valueGetter: (p) =>
          (p.data?.recommendations ?? []).map((r) => `${OUTCOME[r.status as keyof typeof OUTCOME] ?? r.status}: ${r.text}`).join('; '),
      },
      {
        headerName: 'Discomfort still felt',
        sortable: false,
        valueGetter: (p) => (p.data?.discomfort_regions ?? []).map((r) => r.replace(/_/g, ' ')).join(', '),
      },
      { field: 'comment', headerName: 'Comment', sortable: false, flex: 2, wrapText: true, autoHeight: true },
    ],
    [],
  );
  return (
    <ServerGrid
      call="activity_follow_up_rows"
      filters={withClient(clientId, state ? { state } : {})}
      columns={columns}
      noun={['follow-up', 'follow-ups']}
      empty="No follow-up in this state."
    />
  );
}
