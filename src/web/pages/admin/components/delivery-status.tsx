import { useEffect, useMemo, useState } from 'react';
import type { ColDef } from 'ag-grid-community';
import { ServerGrid } from '../../../components/grid/server-grid';

interface Notification {
  id: string;
  subject: string;
  audience: string;
  recipient_count: number;
  sent: number;
  failed: number;
  attachment_name: string | null;
  created_at: string;
}
interface Recipient {
  id: string;
  to_address: string;
  status: string;
  attempts: number;
  last_error: string | null;
  sent_at: string | null;
  next_attempt_at: string | null;
}

const STATUS_TEXT: Record<string, string> = { queued: 'queued', sending: 'sending', sent: 'sent', failed: 'failed', pending: 'queued' };
const REFRESH_MS = 3000;

/**
 * Sent notifications and, for the one chosen, each recipient's delivery status (queued, sent, or
 * failed with the reason), refreshed every few seconds while the page is open.
 */
export function DeliveryStatus({ refreshKey }: { refreshKey: number }) {
  const [chosen, setChosen] = useState<Notification | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') setTick((t) => t + 1);
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  const notifications = useMemo<ColDef<Notification>[]>(
    () => [
      {
        field: 'created_at',
        headerName: 'Sent at',
        sortable: true,
        valueFormatter: (p) => (p.value ? new Date(p.value as string).toLocaleString() : ''),
      },
      { field: 'subject', headerName: 'Subject', sortable: true, flex: 2 },
      { field: 'recipient_count', headerName: 'Recipients', maxWidth: 130 },
      { field: 'sent', headerName: 'Delivered', maxWidth: 120 },
      { field: 'failed', headerName: 'Failed', maxWidth: 110 },
      {
        headerName: 'Details',
        sortable: false,
        maxWidth: 150,
        cellRenderer: (p: { data?: Notification }) =>
          p.data ? (
            <button type="button" className="link-button" onClick={() => setChosen(p.data!)}>
              Recipients<span className="visually-hidden"> of {p.data.subject}</span>
            </button>
          ) : null,
      },
    ],
    [],
  );
  const recipients = useMemo<ColDef<Recipient>[]>(
    () => [
      { field: 'to_address', headerName: 'Recipient', sortable: true, flex: 2 },
      {
        field: 'status',
        headerName: 'Status',
        sortable: true,
        maxWidth: 130,
        valueFormatter: (p) => STATUS_TEXT[p.value as string] ?? String(p.value),
      },
      { field: 'attempts', headerName: 'Attempts', sortable: true, maxWidth: 120 },
      { field: 'last_error', headerName: 'Reason', flex: 2, valueFormatter: (p) => (p.value as string | null) ?? '' },
      {
        field: 'sent_at',
        headerName: 'Delivered at',
        sortable: true,
        valueFormatter: (p) => (p.value ? new Date(p.value as string).toLocaleString() : ''),
      },
    ],
    [],
  );
  return (
    <>
      <h2>Sent notifications</h2>
      <ServerGrid<Notification>
        call="admin_notifications"
        filters={{ sort: 'created_at', dir: 'desc' }}
        columns={notifications}
        noun={['notification', 'notifications']}
        empty="No notifications sent yet."
        refresh={tick + refreshKey}
      />
      {chosen && (
        <>
          <h2>Delivery of “{chosen.subject}”</h2>
          <ServerGrid<Recipient>
            key={chosen.id}
            call="admin_notification_recipients"
            params={{ id: chosen.id }}
            filters={{}}
            columns={recipients}
            noun={['recipient', 'recipients']}
            empty="No recipients."
            refresh={tick}
          />
        </>
      )}
    </>
  );
}
