import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ColDef } from 'ag-grid-community';
import type { PageProps } from '../../app/page-props';
import { useSession } from '../../session/store';
import { ServerGrid } from '../../components/grid/server-grid';
import './components/admin.css';

interface Row { id: number; name: string; subject: string; updated_at: string }

/** SPEC §2 /admin/email_template: the e-mails the portal sends, paged, sorted and searched by the server. */
export default function EmailTemplates(_props: PageProps) {
  const canEdit = useSession((s) => s.user?.roles.all_permission.includes('email-templates-edit') ?? false);
  const [q, setQ] = useState('');
  const columns = useMemo<ColDef<Row>[]>(() => [
    { field: 'name', headerName: 'Name', sortable: true },
    { field: 'subject', headerName: 'Subject', sortable: true, flex: 2 },
    { field: 'updated_at', headerName: 'Last changed', sortable: true, valueFormatter: (p) => (p.value ? new Date(p.value as string).toISOString().slice(0, 10) : '') },
    ...(canEdit ? [{ headerName: 'Edit', sortable: false, flex: 0, width: 80, minWidth: 80, resizable: false, cellRenderer: (p: { data?: Row }) => (p.data ? <Link to={`/admin/edit_email_template/${p.data.id}`}>Edit<span className="visually-hidden"> {p.data.name}</span></Link> : null) }] : []),
  ], [canEdit]);
  return (
    <section className="admin-page" aria-labelledby="page-heading">
      <h1 id="page-heading">Email Templates</h1>
      <div className="admin-toolbar">
        <div className="field"><label htmlFor="template-search">Search name or subject</label><input id="template-search" type="search" value={q} onChange={(e) => setQ(e.target.value)} /></div>
        {canEdit && <Link className="button" to="/admin/add_new_template">Add template</Link>}
      </div>
      <ServerGrid<Row> path="/admin/email-templates" exportPath="/admin/email-templates/export" columns={columns} noun={['template', 'templates']}
        filters={q ? { q } : {}} empty="No templates match this search." />
    </section>
  );
}
