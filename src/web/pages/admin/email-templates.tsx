import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { PageProps } from '../../app/page-props';
import { apiGet } from '../../api/client';
import { useSession } from '../../session/store';
import './components/admin.css';

interface Row { id: number; name: string; subject: string; updated_at: string }

/** SPEC §2 /admin/email_template: the e-mails the portal sends. */
export default function EmailTemplates(_props: PageProps) {
  const canEdit = useSession((s) => s.user?.roles.all_permission.includes('email-templates-edit') ?? false);
  const [rows, setRows] = useState<Row[] | null>(null);
  useEffect(() => { apiGet<{ templates: Row[] }>('/admin/email-templates').then(({ data }) => setRows(data.templates), () => setRows([])); }, []);
  return (
    <section className="admin-page" aria-labelledby="page-heading">
      <h1 id="page-heading">Email Templates</h1>
      {canEdit && <p><Link className="button" to="/admin/add_new_template">Add template</Link></p>}
      {rows === null ? <p role="status">Loading templates…</p> : rows.length === 0 ? <p>No templates yet.</p> : (
        <table className="data-table">
          <caption className="visually-hidden">Email templates</caption>
          <thead><tr><th scope="col">Name</th><th scope="col">Subject</th><th scope="col">Last changed</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr></thead>
          <tbody>{rows.map((r) => (
            <tr key={r.id}><td><code>{r.name}</code></td><td>{r.subject}</td><td>{new Date(r.updated_at).toISOString().slice(0, 10)}</td>
              <td>{canEdit && <Link to={`/admin/edit_email_template/${r.id}`}>Edit<span className="visually-hidden"> {r.name}</span></Link>}</td></tr>
          ))}</tbody>
        </table>
      )}
    </section>
  );
}
