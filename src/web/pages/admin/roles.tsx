import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { PageProps } from '../../app/page-props';
import { apiGet } from '../../api/client';
import './components/admin.css';

interface Role { id: number; name: string; display_name: string; description: string; permission_count: number }

/** SPEC §2 /user/roles (Super_admin only): every role and how many permissions it grants. */
export default function Roles(_props: PageProps) {
  const [roles, setRoles] = useState<Role[] | null>(null);
  useEffect(() => { apiGet<{ roles: Role[] }>('/admin/roles').then(({ data }) => setRoles(data.roles), () => setRoles([])); }, []);
  return (
    <section className="admin-page content-page" aria-labelledby="page-heading">
      <h1 id="page-heading">Roles</h1>
      <p><Link className="button" to="/user/roles/add">Add role</Link></p>
      {roles === null ? <p role="status">Loading roles…</p> : roles.length === 0 ? <p>No roles yet.</p> : (
        <table className="data-table">
          <caption className="visually-hidden">Roles</caption>
          <thead><tr><th scope="col">Role</th><th scope="col">Description</th><th scope="col">Permissions</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr></thead>
          <tbody>
            {roles.map((r) => (
              <tr key={r.id}>
                <td>{r.display_name}</td><td>{r.description}</td><td>{r.permission_count}</td>
                <td>{r.name === 'Super_admin' ? 'All, always' : <Link to={`/user/roles/edit/${r.id}`}>Edit<span className="visually-hidden"> {r.display_name}</span></Link>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
