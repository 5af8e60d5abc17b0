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

interface Row { id: number; logo: string | null; company_name: string; company_code: string; client_type: string; status: string; users: number }

/** SPEC §2 /admin/all_clients: paging, sorting and filtering done by the server, CSV export, add and edit links. */
export default function AllClients(_props: PageProps) {
  const canEdit = useSession((s) => s.user?.roles.all_permission.includes('clients-edit') ?? false);
  const [q, setQ] = useState('');
  const [status, setStatus] = useState('');
  const [total, setTotal] = useState<number | null>(null);
  const grid = useRef<GridApi<Row> | null>(null);
  const params = useCallback((extra: Record<string, string>) => new URLSearchParams({ ...extra, ...(q ? { q } : {}), ...(status ? { status } : {}) }).toString(), [q, status]);
  const datasource = useMemo<IDatasource>(() => ({
    getRows(request) {
      const sort = request.sortModel[0];
      const query = params({ start: String(request.startRow), size: String(request.endRow - request.startRow), ...(sort ? { sort: sort.colId, dir: sort.sort } : {}) });
      apiGet<{ rows: Row[]; total: number }>(`/admin/clients?${query}`)
        .then(({ data }) => { setTotal(data.total); request.successCallback(data.rows, data.total); }, () => request.failCallback());
    },
  }), [params]);
  useEffect(() => { grid.current?.setGridOption('datasource', datasource); }, [datasource]);
  const columns = useMemo<ColDef<Row>[]>(() => [
    { field: 'logo', headerName: 'Logo', sortable: false, maxWidth: 120, cellRenderer: (p: { data?: Row }) => (p.data?.logo ? <img src={p.data.logo} alt={`${p.data.company_name} logo`} height={28} /> : null) },
    { field: 'company_name', headerName: 'Company Name', sortable: true, flex: 2 },
    { field: 'company_code', headerName: 'Company Code', sortable: true, minWidth: 150 },
    { field: 'client_type', headerName: 'Client type', sortable: true },
    { field: 'status', headerName: 'Status', sortable: true },
    { field: 'users', headerName: 'Users', sortable: true, maxWidth: 110 },
    ...(canEdit ? [{
      headerName: 'Edit', sortable: false, flex: 0, width: 120, minWidth: 120, resizable: false,
      cellRenderer: (p: { data?: Row }) => (p.data ? (
        <span className="row-actions">
          <Link to={`/admin/edit_client/${p.data.id}`}>Edit<span className="visually-hidden"> {p.data.company_name}</span></Link>{' '}
          <Link to={`/admin/edit_client/cms/${p.data.id}`}>Texts<span className="visually-hidden"> of {p.data.company_name}</span></Link>
        </span>
      ) : null),
    }] : []),
  ], [canEdit]);
  return (
    <section className="admin-page" aria-labelledby="page-heading">
      <h1 id="page-heading">All Clients</h1>
      <div className="admin-toolbar">
        <div className="field"><label htmlFor="client-search">Search name or code</label><input id="client-search" type="search" value={q} onChange={(e) => setQ(e.target.value)} /></div>
        <div className="field"><label htmlFor="client-status">Status</label>
          <select id="client-status" value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value="">Any status</option><option value="active">Active</option><option value="inactive">Inactive</option>
          </select></div>
        <a className="button secondary" href={`${API_BASE}/admin/clients/export?${params({})}`} download>Export CSV</a>
        {canEdit && <Link className="button" to="/admin/add_client">Add client</Link>}
        <p role="status" aria-live="polite">{total === null ? 'Loading clients…' : `${total} client${total === 1 ? '' : 's'}`}</p>
      </div>
      <div className="admin-grid">
        <AgGridReact<Row> theme={themeQuartz} rowModelType="infinite" cacheBlockSize={PAGE} columnDefs={columns}
          defaultColDef={{ flex: 1, minWidth: 110, resizable: true }} datasource={datasource}
          onGridReady={(e) => { grid.current = e.api; }} overlayNoRowsTemplate="No clients match these filters." />
      </div>
    </section>
  );
}
