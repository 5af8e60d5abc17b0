import type { PageProps } from '../../app/page-props';
import { permissionsGrid } from '../../../../generated/grids';
import { AppLink } from '../../components/links/app-link';
import { ManifestGrid } from '../../components/grid/manifest-grid';
import { useT } from '../../i18n/texts';
import './components/admin.css';
import { href } from '../../../../generated/routes';

/**
 * The permissions list (role-view, manifest/grids/permissions.yaml): name, group, description and the
 * roles holding each. Catalogue permissions gate routes and cannot be changed here; permissions added
 * in the admin can be edited (role-edit) and granted in the roles matrix.
 */
export default function AllPermissions(_props: PageProps) {
  const t = useT();
  return (
    <section className="admin-page" aria-labelledby="page-heading">
      <h1 id="page-heading">{t('route.all_permissions')}</h1>
      <p>{t('admin.permissions.intro')}</p>
      <ManifestGrid grid={permissionsGrid} idPrefix="permission">
        <AppLink className="button" to={href('add_permission')}>
          {t('admin.permissions.add')}
        </AppLink>
      </ManifestGrid>
    </section>
  );
}
