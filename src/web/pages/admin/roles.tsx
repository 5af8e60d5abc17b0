import type { PageProps } from '../../app/page-props';
import { rolesGrid } from '../../../../generated/grids';
import { AppLink } from '../../components/links/app-link';
import { ManifestGrid } from '../../components/grid/manifest-grid';
import { useT } from '../../i18n/texts';
import './components/admin.css';
import { href } from '../../../../generated/routes';

/** SPEC §2 /user/roles (Super_admin only): every role and how many permissions it grants (manifest/grids/roles.yaml). */
export default function Roles(_props: PageProps) {
  const t = useT();
  return (
    <section className="admin-page" aria-labelledby="page-heading">
      <h1 id="page-heading">{t('route.roles')}</h1>
      <ManifestGrid grid={rolesGrid} idPrefix="role">
        <AppLink className="button" to={href('roles_add')}>
          {t('admin.roles.add')}
        </AppLink>
      </ManifestGrid>
    </section>
  );
}
