import type { PageProps } from '../../app/page-props';
import { usersGrid } from '../../../../generated/grids';
import { AppLink } from '../../components/links/app-link';
import { ManifestGrid } from '../../components/grid/manifest-grid';
import './components/admin.css';

/** SPEC §2 /admin/all_users: paging, sorting and filtering done by the server, fast at 100,000 users (manifest/grids/users.yaml). */
export default function AllUsers(_props: PageProps) {
  return (
    <section className="admin-page" aria-labelledby="page-heading">
      <h1 id="page-heading">All Users</h1>
      <ManifestGrid grid={usersGrid} idPrefix="user">
        <AppLink className="button" to="/admin/add_user">
          Add user
        </AppLink>
        <AppLink className="button secondary" to="/admin/import_users">
          Import CSV
        </AppLink>
      </ManifestGrid>
    </section>
  );
}
