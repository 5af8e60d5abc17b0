import type { PageProps } from '../../app/page-props';
import { ActivityFrame, useFigures } from './components/activity/activity-parts';
import { ClientTable } from './components/activity/client-table';
import { routeTitle } from '../../i18n/menu-label';
import { useT } from '../../i18n/texts';

/**
 * SPEC §2 /user/client-activity: for staff who serve several clients, each client's activity this
 * month and over the last twelve months, and what is waiting.
 */
export default function ClientActivityPage({ route }: PageProps) {
  const t = useT();
  const data = useFigures('activity_clients');
  return (
    <ActivityFrame title={routeTitle(t, route)} state={data} failure={t('staff.ca.failed')}>
      {(d) => {
        return d.clients.length === 0 ? (
          <p>{t('staff.no_clients')}</p>
        ) : (
          <ClientTable clients={d.clients} caption={t('staff.ca.caption')} />
        );
      }}
    </ActivityFrame>
  );
}
