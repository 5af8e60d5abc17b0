import { useEffect, useMemo, useRef, useState } from 'react';
import { AgGridReact } from 'ag-grid-react';
import { InfiniteRowModelModule, ModuleRegistry, themeQuartz, type ColDef, type GridApi, type IDatasource } from 'ag-grid-community';
import type { PageProps } from '../../app/page-props';
import { apiGet } from '../../api/client';
import './components/admin.css';

ModuleRegistry.registerModules([InfiniteRowModelModule]);

interface Row { id: string; occurred_at: string; actor_email: string | null; client_id: number | null; action: string; target: string; address: string }
interface Verify { ok: boolean; checked: number; firstBadId: string | null }
const ACTIONS = ['', 'login.success', 'login.failure', 'login.throttled', 'logout', 'permission.denied', 'password.changed', 'password.reset_requested', 'report.downloaded', 'session.refresh_reuse_detected', 'client.switched', 'user.created', 'user.updated', 'users.exported', 'user.registered',
  'client.created', 'client.updated', 'clients.exported', 'client.texts.updated', 'evaluation.requested'];

/** SPEC §2 /admin/audit-log-viewer: filtered by actor, action and date on the server, with the chain's state. */
export default function AuditLog(_props: PageProps) {
  const [actor, setActor] = useState('');
  const [action, setAction] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [verify, setVerify] = useState<Verify | null>(null);
  const grid = useRef<GridApi<Row> | null>(null);
  useEffect(() => { apiGet<Verify>('/admin/audit-log/verify').then(({ data }) => setVerify(data), () => undefined); }, []);
  const datasource = useMemo<IDatasource>(() => ({
    getRows(request) {
      const query = new URLSearchParams({ start: String(request.startRow), size: String(request.endRow - request.startRow), ...(actor ? { actor } : {}), ...(action ? { action } : {}), ...(from ? { from } : {}), ...(to ? { to } : {}) });
      apiGet<{ rows: Row[]; total: number }>(`/admin/audit-log?${query}`).then(({ data }) => request.successCallback(data.rows, data.total), () => request.failCallback());
    },
  }), [actor, action, from, to]);
  useEffect(() => { grid.current?.setGridOption('datasource', datasource); }, [datasource]);
  const columns = useMemo<ColDef<Row>[]>(() => [
    { field: 'id', headerName: 'Entry', maxWidth: 100 },
    { field: 'occurred_at', headerName: 'Time (UTC)', valueFormatter: (p) => (p.value ? new Date(p.value as string).toISOString().replace('T', ' ').slice(0, 19) : '') },
    { field: 'actor_email', headerName: 'Actor', flex: 2 },
    { field: 'action', headerName: 'Action', flex: 2 },
    { field: 'target', headerName: 'Target' },
    { field: 'client_id', headerName: 'Client', maxWidth: 100 },
    { field: 'address', headerName: 'Address' },
  ], []);
  return (
    <section className="admin-page" aria-labelledby="page-heading">
      <h1 id="page-heading">Audit Log</h1>
      <p role="status" className={verify && !verify.ok ? 'form-error' : undefined}>
        {verify === null ? 'Checking the hash chain…' : verify.ok ? `Hash chain verified: ${verify.checked} entries intact.` : `Hash chain broken at entry ${verify.firstBadId}: the log has been altered.`}
      </p>
      <div className="admin-toolbar">
        <div className="field"><label htmlFor="audit-actor">Actor e-mail</label><input id="audit-actor" value={actor} onChange={(e) => setActor(e.target.value)} /></div>
        <div className="field"><label htmlFor="audit-action">Action</label>
          <select id="audit-action" value={action} onChange={(e) => setAction(e.target.value)}>{ACTIONS.map((a) => <option key={a} value={a}>{a || 'All actions'}</option>)}</select></div>
        <div className="field"><label htmlFor="audit-from">From</label><input id="audit-from" type="date" value={from} onChange={(e) => setFrom(e.target.value)} /></div>
        <div className="field"><label htmlFor="audit-to">To</label><input id="audit-to" type="date" value={to} onChange={(e) => setTo(e.target.value)} /></div>
      </div>
      <div className="admin-grid">
        <AgGridReact<Row> theme={themeQuartz} rowModelType="infinite" cacheBlockSize={100} columnDefs={columns}
          defaultColDef={{ flex: 1, minWidth: 100, sortable: false }} datasource={datasource} onGridReady={(e) => { grid.current = e.api; }} />
      </div>
    </section>
  );
}
