import type { PageProps } from '../../app/page-props';
import { usersGrid } from '../../../../generated/grids';
import { AppLink } from '../../components/links/app-link';
import { ManifestGrid } from '../../components/grid/manifest-grid';
import { useT } from '../../i18n/texts';
import './components/admin.css';
import { href } from '../../../../generated/routes';

/** SPEC §2 /admin/all_users: paging, sorting and filtering done by the server, fast at 100,000 users (manifest/grids/users.yaml). */
export default function AllUsers(_props: PageProps) {
  const t = useT();
  return (
    <section className="admin-page" aria-labelledby="page-heading">
      <h1 id="page-heading">{t('route.all_users')}</h1>
      <ManifestGrid grid={usersGrid} idPrefix="user">
        <AppLink className="button" to={href('add_user')}>
          {t('admin.users.add')}
        </AppLink>
        <AppLink className="button secondary" to={href('import_users')}>
          {t('admin.users.import_csv')}
        </AppLink>
      </ManifestGrid>
    </section>
  );
}
