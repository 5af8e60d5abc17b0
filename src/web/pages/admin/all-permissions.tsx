import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ColDef } from 'ag-grid-community';
import type { PageProps } from '../../app/page-props';
import { useSession } from '../../session/store';
import { ServerGrid } from '../../components/grid/server-grid';
import './components/admin.css';

interface Row { id: number | null; name: string; group: string; description: string; source: 'catalogue' | 'custom'; roles: string[] }
const GROUPS = ['site', 'dashboard', 'evaluator', 'admin', 'custom'];

/**
 * The permissions list (role-view): name, group, description and the roles holding each. Catalogue
 * permissions (manifest/permissions.yaml) gate routes and cannot be changed here; permissions added
 * in the admin can be edited (role-edit) and granted in the roles matrix.
 */
export default function AllPermissions(_props: PageProps) {
  const held = useSession((s) => s.user?.roles.all_permission ?? []);
  const canAdd = held.includes('role-add');
  const canEdit = held.includes('role-edit');
  const [q, setQ] = useState('');
  const [group, setGroup] = useState('');
  const [source, setSource] = useState('');
  const columns = useMemo<ColDef<Row>[]>(() => [
    { field: 'name', headerName: 'Name', sortable: true, flex: 2, cellRenderer: (p: { value?: string }) => <code>{p.value}</code> },
    { field: 'group', headerName: 'Group', sortable: true, maxWidth: 140 },
    { field: 'description', headerName: 'Description', sortable: true, flex: 3 },
    { field: 'roles', headerName: 'Held by', sortable: false, flex: 2, valueFormatter: (p) => (p.value as string[] | undefined)?.join(', ') || 'No role' },
    { field: 'source', headerName: 'Source', sortable: true, maxWidth: 130, valueFormatter: (p) => (p.value === 'catalogue' ? 'Catalogue' : 'Added here') },
    ...(canEdit ? [{ headerName: 'Edit', sortable: false, flex: 0, width: 80, minWidth: 80, resizable: false, cellRenderer: (p: { data?: Row }) => (p.data?.id ? <Link to={`/admin/edit_permission/${p.data.id}`}>Edit<span className="visually-hidden"> {p.data.name}</span></Link> : null) }] : []),
  ], [canEdit]);
  return (
    <section className="admin-page" aria-labelledby="page-heading">
      <h1 id="page-heading">Permissions</h1>
      <p>Permissions from the catalogue gate the portal&apos;s pages and cannot be renamed or removed. Permissions added here can be granted to roles in the roles matrix.</p>
      <div className="admin-toolbar">
        <div className="field"><label htmlFor="permission-search">Search name or description</label><input id="permission-search" type="search" value={q} onChange={(e) => setQ(e.target.value)} /></div>
        <div className="field"><label htmlFor="permission-group">Group</label>
          <select id="permission-group" value={group} onChange={(e) => setGroup(e.target.value)}>
            <option value="">All groups</option>{GROUPS.map((g) => <option key={g} value={g}>{g}</option>)}
          </select></div>
        <div className="field"><label htmlFor="permission-source">Source</label>
          <select id="permission-source" value={source} onChange={(e) => setSource(e.target.value)}>
            <option value="">All</option><option value="catalogue">Catalogue</option><option value="custom">Added here</option>
          </select></div>
        {canAdd && <Link className="button" to="/admin/add_Permission">Add permission</Link>}
      </div>
      <ServerGrid<Row> path="/admin/permissions" exportPath="/admin/permissions/export" columns={columns} noun={['permission', 'permissions']}
        filters={{ ...(q ? { q } : {}), ...(group ? { group } : {}), ...(source ? { source } : {}) }} empty="No permissions match these filters." />
    </section>
  );
}
