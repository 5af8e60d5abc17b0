import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ColDef } from 'ag-grid-community';
import type { PageProps } from '../../app/page-props';
import { apiGet } from '../../api/client';
import { useSession } from '../../session/store';
import { ServerGrid } from '../../components/grid/server-grid';
import './components/admin.css';

interface Row { id: number; name: string; company_name: string; member_count: number; description: string; created_at: string }

/** SPEC §2 /admin/all_user_group: every user group, paged, sorted and filtered by the server. */
export default function AllUserGroups(_props: PageProps) {
  const canEdit = useSession((s) => s.user?.roles.all_permission.includes('users-edit') ?? false);
  const [q, setQ] = useState('');
  const [clientId, setClientId] = useState('');
  const [clients, setClients] = useState<{ id: number; company_name: string }[]>([]);
  useEffect(() => { apiGet<{ clients: { id: number; company_name: string }[] }>('/admin/lookups').then(({ data }) => setClients(data.clients), () => undefined); }, []);
  const columns = useMemo<ColDef<Row>[]>(() => [
    { field: 'name', headerName: 'Name', sortable: true, flex: 2 },
    { field: 'company_name', headerName: 'Client', sortable: true },
    { field: 'member_count', headerName: 'Members', sortable: true, maxWidth: 140 },
    { field: 'description', headerName: 'Description', sortable: false, flex: 2 },
    ...(canEdit ? [{ headerName: 'Edit', sortable: false, flex: 0, width: 80, minWidth: 80, resizable: false, cellRenderer: (p: { data?: Row }) => (p.data ? <Link to={`/admin/user_group?id=${p.data.id}`}>Edit<span className="visually-hidden"> {p.data.name}</span></Link> : null) }] : []),
  ], [canEdit]);
  return (
    <section className="admin-page" aria-labelledby="page-heading">
      <h1 id="page-heading">All User Groups</h1>
      <div className="admin-toolbar">
        <div className="field"><label htmlFor="group-search">Search group name</label><input id="group-search" type="search" value={q} onChange={(e) => setQ(e.target.value)} /></div>
        <div className="field"><label htmlFor="group-client">Client</label>
          <select id="group-client" value={clientId} onChange={(e) => setClientId(e.target.value)}>
            <option value="">All clients</option>
            {clients.map((c) => <option key={c.id} value={c.id}>{c.company_name}</option>)}
          </select></div>
        {canEdit && <Link className="button" to="/admin/user_group">Add user group</Link>}
      </div>
      <ServerGrid<Row> path="/admin/user-groups" exportPath="/admin/user-groups/export" columns={columns} noun={['user group', 'user groups']}
        filters={{ ...(q ? { q } : {}), ...(clientId ? { client_id: clientId } : {}) }} empty="No user groups match these filters." />
    </section>
  );
}
