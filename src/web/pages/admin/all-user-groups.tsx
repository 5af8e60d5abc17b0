import type { PageProps } from '../../app/page-props';
import { userGroupsGrid } from '../../../../generated/grids';
import { AppLink } from '../../components/links/app-link';
import { ManifestGrid } from '../../components/grid/manifest-grid';
import { useT } from '../../i18n/texts';
import './components/admin.css';
import { href } from '../../../../generated/routes';

/** SPEC §2 /admin/all_user_group: every user group, paged, sorted and filtered by the server (manifest/grids/user_groups.yaml). */
export default function AllUserGroups(_props: PageProps) {
  const t = useT();
  return (
    <section className="admin-page" aria-labelledby="page-heading">
      <h1 id="page-heading">{t('route.all_user_group')}</h1>
      <ManifestGrid grid={userGroupsGrid} idPrefix="group">
        <AppLink className="button" to={href('user_group')}>
          {t('admin.groups.add')}
        </AppLink>
      </ManifestGrid>
    </section>
  );
}
