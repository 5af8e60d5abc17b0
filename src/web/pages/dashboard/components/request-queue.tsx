import { useEffect, useRef, useState } from 'react';
import type { ApiResponse } from '../../../../../generated/api-types';
import { evaluatorQueueGrid } from '../../../../../generated/grids';
import { DeferredManifestGrid } from '../../../components/grid/deferred-grid';
import type { CellText } from '../../../components/grid/grid-columns';
import { areaName } from '../../../components/reports/report-labels';
import { BookMeeting } from './book-meeting';
import { useT } from '../../../i18n/texts';

export interface QueueClient {
  readonly id: number;
  readonly company_name: string;
}
type QueueRow = ApiResponse<'evaluator_queue_list'>['rows'][number];

const PROMISE_LABEL = { new: 'staff.promise.new', due: 'staff.promise.due', overdue: 'staff.promise.overdue' } as const;
/** SPEC §2 /user/evaluator: the queue is read 50 requests at a time. */
const PAGE_SIZE = 50;

/**
 * SPEC §2 /user/evaluator: the open requests across the evaluator's clients, oldest first, with the
 * business days each has waited against the 2–5 day promise (SPEC §1). The declared grid
 * manifest/grids/evaluator_queue.yaml, 50 at a time, with a choice of client where there are
 * several, so an evaluator serving many clients is not handed thousands of rows. A row's Book
 * button opens the booking form for that request above the list.
 */
export function RequestQueue({ clients, onBooked }: { clients: readonly QueueClient[]; onBooked: (employee: string) => void }) {
  const t = useT();
  const [version, setVersion] = useState(0);
  const [booking, setBooking] = useState<QueueRow | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // Keyboard and screen-reader users land on the form they opened (WCAG 2.2 SC 2.4.3).
    if (booking) heading.current?.focus();
  }, [booking]);
  const cells: Record<string, CellText> = {
    work_area: (value, row) => {
      const photos = Number(row.photo_count);
      const area = areaName(t, String(value).toLowerCase());
      return photos ? `${area} (${t(photos === 1 ? 'staff.rqq.photo' : 'staff.rqq.photos', { count: photos })})` : area;
    },
    preferred_times: (value, row) => `${String(value)} (${String(row.time_zone)})`,
    business_days_waited: (value, row) => {
      const days = Number(value);
      const promise = PROMISE_LABEL[row.promise_status as QueueRow['promise_status']];
      return `${t(days === 1 ? 'staff.business_day' : 'staff.business_days', { days })} · ${t(promise)}`;
    },
  };
  return (
    <>
      {booking && (
        <section className="queue-booking" aria-labelledby="queue-booking-heading">
          <h3 id="queue-booking-heading" ref={heading} tabIndex={-1}>
            {t('staff.bm.label', { id: booking.id })}: {booking.employee}
          </h3>
          <BookMeeting
            key={booking.id}
            requestId={booking.id}
            onBooked={() => {
              onBooked(booking.employee);
              setBooking(null);
              setVersion((v) => v + 1);
            }}
          />
          <button type="button" className="button secondary" onClick={() => setBooking(null)}>
            {t('admin.cancel')}
          </button>
        </section>
      )}
      <DeferredManifestGrid
        grid={evaluatorQueueGrid}
        idPrefix="queue"
        pageSize={PAGE_SIZE}
        rowId="id"
        refresh={version}
        cells={cells}
        // One client needs no choice (SPEC §2: the picker is for evaluators serving several).
        fixed={clients.length === 1 ? { client_id: String(clients[0].id) } : {}}
        onAction={(button, row) => {
          if (button === 'book') setBooking(row);
        }}
      />
    </>
  );
}
