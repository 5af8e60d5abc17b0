import type { ColDef } from 'ag-grid-community';
import { AppLink } from '../../../components/links/app-link';
import { ServerGrid } from '../../../components/grid/server-grid';
import type { Drill } from './overview-data';

interface AttemptRow {
  id: string;
  submitted_at: string;
  employee: string;
  region: string | null;
  area: string;
  overall_score: number | null;
  risk_band: string | null;
  url: string | null;
  top_finding: string | null;
  created_at?: string;
  status?: string;
  work_area?: string;
}

/** The programme overview's report address, or for our staff serving the client, the client-manager one. */
function ReportLink({ row }: { row: AttemptRow }) {
  const url = encodeURIComponent(row.url ?? '');
  const text = (
    <>
      Open report
      <span className="visually-hidden">
        {' '}
        of {row.employee}, {date(row.submitted_at)}
      </span>
    </>
  );
  return (
    <AppLink
      to={`/user/program-overview-reports/${url}`}
      fallback={<AppLink to={`/user/client-employee-reports/viewreport/${url}`}>{text}</AppLink>}
    >
      {text}
    </AppLink>
  );
}

const date = (v: unknown) =>
  v ? new Date(String(v)).toLocaleDateString('en', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }) : '';

/**
 * The records behind one figure (SPEC §2 /program-overview drill-down), paged on the server, each
 * self-assessment with a link to its report at /user/program-overview-reports/:url.
 */
export function OverviewDrill({ drill, filters, onClose }: { drill: Drill; filters: Record<string, string>; onClose: () => void }) {
  const requests = drill.kind === 'request_status';
  const columns: ColDef<AttemptRow>[] = requests
    ? [
        { field: 'created_at', headerName: 'Requested', valueFormatter: (p) => date(p.value), sortable: false },
        { field: 'employee', headerName: 'Employee', sortable: false },
        { field: 'region', headerName: 'Region', sortable: false },
        { field: 'work_area', headerName: 'Work area', sortable: false },
        { field: 'status', headerName: 'Status', sortable: false },
      ]
    : [
        { field: 'submitted_at', headerName: 'Submitted', valueFormatter: (p) => date(p.value), sortable: false },
        { field: 'employee', headerName: 'Employee', sortable: false },
        { field: 'region', headerName: 'Region', sortable: false },
        {
          field: 'area',
          headerName: 'Work area',
          sortable: false,
          valueFormatter: (p) => String(p.value ?? '').replace(/^./, (c) => c.toUpperCase()),
        },
        { field: 'overall_score', headerName: 'Score', sortable: false, maxWidth: 100 },
        { field: 'risk_band', headerName: 'Risk', sortable: false, maxWidth: 120 },
        { field: 'top_finding', headerName: 'First finding', sortable: false, minWidth: 180 },
        {
          headerName: 'Report',
          sortable: false,
          minWidth: 110,
          cellRenderer: (p: { data?: AttemptRow }) => (p.data?.url ? <ReportLink row={p.data} /> : null),
        },
      ];
  return (
    <section className="overview-drill" aria-labelledby="overview-drill-heading">
      <div className="chart-head">
        <h2 id="overview-drill-heading" tabIndex={-1}>
          Records: {drill.label}
        </h2>
        <button type="button" className="chart-toggle" onClick={onClose}>
          Close the list
        </button>
      </div>
      <ServerGrid<AttemptRow>
        key={`${drill.kind}:${drill.value}`}
        call="program_overview_records"
        filters={{ ...filters, kind: drill.kind, value: drill.value }}
        columns={columns}
        noun={requests ? ['request', 'requests'] : ['self-assessment', 'self-assessments']}
        empty="No records, or fewer than 5 employees."
      />
    </section>
  );
}
