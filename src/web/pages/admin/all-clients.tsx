import type { PageProps } from '../../app/page-props';
import { clientsGrid } from '../../../../generated/grids';
import { AppLink } from '../../components/links/app-link';
import { ManifestGrid } from '../../components/grid/manifest-grid';
import { useT } from '../../i18n/texts';
import './components/admin.css';
import { href } from '../../../../generated/routes';

/** SPEC §2 /admin/all_clients: paging, sorting and filtering by the server, CSV export, add and edit links (manifest/grids/clients.yaml). */
export default function AllClients(_props: PageProps) {
  const t = useT();
  return (
    <section className="admin-page" aria-labelledby="page-heading">
      <h1 id="page-heading">{t('route.all_clients')}</h1>
      <ManifestGrid grid={clientsGrid} idPrefix="client">
        <AppLink className="button" to={href('add_client')}>
          {t('admin.clients.add')}
        </AppLink>
      </ManifestGrid>
    </section>
  );
}
