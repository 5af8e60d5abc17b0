import type { PageProps } from '../../app/page-props';
import { permissionsGrid } from '../../../../generated/grids';
import { AppLink } from '../../components/links/app-link';
import { ManifestGrid } from '../../components/grid/manifest-grid';
import './components/admin.css';

/**
 * The permissions list (role-view, manifest/grids/permissions.yaml): name, group, description and the
 * roles holding each. Catalogue permissions gate routes and cannot be changed here; permissions added
 * in the admin can be edited (role-edit) and granted in the roles matrix.
 */
export default function AllPermissions(_props: PageProps) {
  return (
    <section className="admin-page" aria-labelledby="page-heading">
      <h1 id="page-heading">Permissions</h1>
      <p>
        Permissions from the catalogue gate the portal&apos;s pages and cannot be renamed or removed. Permissions added here can be granted
        to roles in the roles matrix.
      </p>
      <ManifestGrid grid={permissionsGrid} idPrefix="permission">
        <AppLink className="button" to="/admin/add_Permission">
          Add permission
        </AppLink>
      </ManifestGrid>
    </section>
  );
}
