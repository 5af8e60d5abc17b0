import { useEffect, useState } from 'react';
import { notificationRecipientsGrid, notificationsGrid } from '../../../../../generated/grids';
import { ManifestGrid } from '../../../components/grid/manifest-grid';
import { useT } from '../../../i18n/texts';

const REFRESH_MS = 3000;

/**
 * Sent notifications and, for the one chosen, each recipient's delivery status (queued, sent, or
 * failed with the reason), refreshed every few seconds while the page is open
 * (manifest/grids/notifications.yaml, notification_recipients.yaml).
 */
export function DeliveryStatus({ refreshKey }: { refreshKey: number }) {
  const t = useT();
  const [chosen, setChosen] = useState<{ id: string; subject: string } | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') setTick((n) => n + 1);
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <>
      <h2>{t('admin.notify.sent_heading')}</h2>
      <ManifestGrid
        grid={notificationsGrid}
        idPrefix="notifications"
        refresh={tick + refreshKey}
        onAction={(_button, row) => setChosen({ id: String(row.id), subject: String(row.subject) })}
      />
      {chosen && (
        <>
          <h2>{t('admin.notify.delivery_of', { subject: chosen.subject })}</h2>
          <ManifestGrid
            key={chosen.id}
            grid={notificationRecipientsGrid}
            idPrefix="recipients"
            pathParams={{ id: chosen.id }}
            refresh={tick}
          />
        </>
      )}
    </>
  );
}
