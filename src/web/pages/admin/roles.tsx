import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ColDef } from 'ag-grid-community';
import type { PageProps } from '../../app/page-props';
import { ServerGrid } from '../../components/grid/server-grid';
import './components/admin.css';

interface Row { id: number; name: string; display_name: string; description: string; permission_count: number }

/** SPEC §2 /user/roles (Super_admin only): every role and how many permissions it grants, paged, sorted and searched by the server. */
export default function Roles(_props: PageProps) {
  const [q, setQ] = useState('');
  const columns = useMemo<ColDef<Row>[]>(() => [
    { field: 'display_name', headerName: 'Role', sortable: true },
    { field: 'description', headerName: 'Description', sortable: true, flex: 2 },
    { field: 'permission_count', headerName: 'Permissions', sortable: true, maxWidth: 160 },
    {
      headerName: 'Edit', sortable: false, flex: 0, width: 110, minWidth: 110, resizable: false,
      cellRenderer: (p: { data?: Row }) => (!p.data ? null : p.data.name === 'Super_admin' ? 'All, always'
        : <Link to={`/user/roles/edit/${p.data.id}`}>Edit<span className="visually-hidden"> {p.data.display_name}</span></Link>),
    },
  ], []);
  return (
    <section className="admin-page" aria-labelledby="page-heading">
      <h1 id="page-heading">Roles</h1>
      <div className="admin-toolbar">
        <div className="field"><label htmlFor="role-search">Search name or description</label><input id="role-search" type="search" value={q} onChange={(e) => setQ(e.target.value)} /></div>
        <Link className="button" to="/user/roles/add">Add role</Link>
      </div>
      <ServerGrid<Row> path="/admin/roles" exportPath="/admin/roles/export" columns={columns} noun={['role', 'roles']}
        filters={q ? { q } : {}} empty="No roles match this search." />
    </section>
  );
}
