import type { PageProps } from '../../app/page-props';
import { ReportsGrid } from './components/activity/activity-grids';
import { ActivityFrame, ClientPicker, useFigures } from './components/activity/activity-parts';
import { routeTitle } from '../../i18n/menu-label';
import { useT } from '../../i18n/texts';
import { href } from '../../../../generated/routes';

/** SPEC §2 /user/client-reports/:id?: every report of a client the client manager looks after. */
export default function ClientReportsPage({ route, params }: PageProps) {
  const t = useT();
  const data = useFigures('activity_clients');
  const named = params.id ? Number(params.id) : undefined;
  return (
    <ActivityFrame title={routeTitle(t, route)} state={data} failure={t('staff.reports_failed')}>
      {({ clients }) => {
        const client = named === undefined ? clients[0] : clients.find((c) => c.id === named);
        if (!client) return <p role="alert">{clients.length ? t('staff.not_your_client') : t('staff.no_clients')}</p>;
        return (
          <>
            <ClientPicker clients={clients} value={client.id} basePath={href('client_reports')} />
            <p>{t('staff.cr.intro', { client: client.name })}</p>
            <ReportsGrid clientId={client.id} kind="all" />
          </>
        );
      }}
    </ActivityFrame>
  );
}
