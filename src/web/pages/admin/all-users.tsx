import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { AgGridReact } from 'ag-grid-react';
import { InfiniteRowModelModule, ModuleRegistry, themeQuartz, type ColDef, type IDatasource, type GridApi } from 'ag-grid-community';
import type { PageProps } from '../../app/page-props';
import { apiGet, API_BASE } from '../../api/client';
import { useSession } from '../../session/store';
import './components/admin.css';

ModuleRegistry.registerModules([InfiniteRowModelModule]);
const PAGE = 100;

interface Row { id: number; first_name: string; last_name: string; email: string; company_name: string; role: string; role_name: string; region: string | null; status: string }

/** SPEC §2 /admin/all_users: paging, sorting and filtering done by the server (fast at 100,000 users). */
export default function AllUsers(_props: PageProps) {
  const canEdit = useSession((s) => s.user?.roles.all_permission.includes('users-edit') ?? false);
  // Only a Super_admin may change a Super_admin account: nobody else gets an Edit link the server would refuse.
  const isSuperAdmin = useSession((s) => s.user?.role_name === 'Super_admin');
  const [q, setQ] = useState('');
  const [clientId, setClientId] = useState('');
  const [clients, setClients] = useState<{ id: number; company_name: string }[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  const grid = useRef<GridApi<Row> | null>(null);
  useEffect(() => { apiGet<{ clients: { id: number; company_name: string }[] }>('/admin/lookups').then(({ data }) => setClients(data.clients), () => undefined); }, []);
  const params = useCallback((extra: Record<string, string>) => new URLSearchParams({ ...extra, ...(q ? { q } : {}), ...(clientId ? { client_id: clientId } : {}) }).toString(), [q, clientId]);
  const datasource = useMemo<IDatasource>(() => ({
    getRows(request) {
      const sort = request.sortModel[0];
      const query = params({ start: String(request.startRow), size: String(request.endRow - request.startRow), ...(sort ? { sort: sort.colId, dir: sort.sort } : {}) });
      apiGet<{ rows: Row[]; total: number }>(`/admin/users?${query}`)
        .then(({ data }) => { setTotal(data.total); request.successCallback(data.rows, data.total); }, () => request.failCallback());
    },
  }), [params]);
  useEffect(() => { grid.current?.setGridOption('datasource', datasource); }, [datasource]);
  const columns = useMemo<ColDef<Row>[]>(() => [
    { field: 'first_name', headerName: 'First Name', sortable: true },
    { field: 'last_name', headerName: 'Last Name', sortable: true },
    { field: 'email', headerName: 'Email', sortable: true, flex: 2, minWidth: 250 },
    { field: 'company_name', headerName: 'Client', sortable: true },
    { field: 'role', headerName: 'Role', sortable: true, minWidth: 170 },
    { field: 'region', headerName: 'Region', sortable: true, minWidth: 140 },
    { field: 'status', headerName: 'Status', sortable: true },
    ...(canEdit ? [{ headerName: 'Edit', sortable: false, flex: 0, width: 80, minWidth: 80, resizable: false, cellRenderer: (p: { data?: Row }) => (p.data && (isSuperAdmin || p.data.role_name !== 'Super_admin') ? <Link to={`/admin/edit_user/${p.data.id}`}>Edit<span className="visually-hidden"> {p.data.email}</span></Link> : null) }] : []),
  ], [canEdit, isSuperAdmin]);
  return (
    <section className="admin-page" aria-labelledby="page-heading">
      <h1 id="page-heading">All Users</h1>
      <div className="admin-toolbar">
        <div className="field"><label htmlFor="user-search">Search name or e-mail</label><input id="user-search" type="search" value={q} onChange={(e) => setQ(e.target.value)} /></div>
        <div className="field"><label htmlFor="user-client">Client</label>
          <select id="user-client" value={clientId} onChange={(e) => setClientId(e.target.value)}>
            <option value="">All clients</option>
            {clients.map((c) => <option key={c.id} value={c.id}>{c.company_name}</option>)}
          </select></div>
        <a className="button secondary" href={`${API_BASE}/admin/users/export?${params({})}`} download>Export CSV</a>
        {canEdit && <Link className="button" to="/admin/add_user">Add user</Link>}
        {canEdit && <Link className="button secondary" to="/admin/import_users">Import CSV</Link>}
        <p role="status" aria-live="polite">{total === null ? 'Loading users…' : `${total} user${total === 1 ? '' : 's'}`}</p>
      </div>
      <div className="admin-grid">
        <AgGridReact<Row> theme={themeQuartz} rowModelType="infinite" cacheBlockSize={PAGE} columnDefs={columns}
          defaultColDef={{ flex: 1, minWidth: 110, resizable: true }} datasource={datasource}
          onGridReady={(e) => { grid.current = e.api; }} overlayNoRowsTemplate="No users match these filters." />
      </div>
    </section>
  );
}
