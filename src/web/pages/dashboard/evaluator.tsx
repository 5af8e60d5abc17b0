import { useCallback, useEffect, useState } from 'react';
import type { ApiResponse } from '../../../../generated/api-types';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import { href } from '../../../../generated/routes';
import { AppLink } from '../../components/links/app-link';
import { RequestQueue } from './components/request-queue';
import { InboxSection, type InboxSectionName } from './components/inbox-section';
import './components/evaluation.css';
import './components/inbox.css';
import '../../components/reports/report.css';
import { routeTitle } from '../../i18n/menu-label';
import type { InterfaceKey } from '../../i18n/keys';
import { useT } from '../../i18n/texts';

type AssignedClient = ApiResponse<'evaluator_clients'>['clients'][number];
type Counts = ApiResponse<'evaluator_inbox'>;

/** The reader's own time zone: where "today" begins for their booked meetings. */
const ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The inbox's sections in the order an evaluator's day takes them, each with its anchor and words. */
const SECTIONS: readonly { key: keyof Counts; anchor: string; label: InterfaceKey }[] = [
  { key: 'today', anchor: 'inbox-meetings', label: 'staff.inbox.today' },
  { key: 'week', anchor: 'inbox-meetings', label: 'staff.inbox.week' },
  { key: 'returned', anchor: 'inbox-returned', label: 'staff.inbox.returned' },
  { key: 'review', anchor: 'inbox-review', label: 'staff.ev.review' },
  { key: 'drafts', anchor: 'inbox-drafts', label: 'staff.inbox.drafts' },
  { key: 'requests', anchor: 'inbox-requests', label: 'staff.ev.waiting' },
];

/**
 * SPEC §2 /user/evaluator: the evaluator's inbox. What waits for them, counted by the server and
 * read a page at a time: today's and coming booked meetings (times in the reader's time zone, with
 * the meeting link and the invitation), reports sent back to them, colleagues' reports waiting for
 * review or quality check (never their own), their drafts, and the shared queue of requests waiting
 * for an ergonomist (oldest first against the 2–5 business-day promise of SPEC §1). Every row links
 * to the page of its next action; no link changes anything: booking and starting are buttons.
 */
export default function EvaluatorPage({ route }: PageProps) {
  const t = useT();
  const title = routeTitle(t, route);
  const [clients, setClients] = useState<AssignedClient[] | null>(null);
  const [counts, setCounts] = useState<Counts | null>(null);
  const [failed, setFailed] = useState(false);
  const [booked, setBooked] = useState('');
  const [refresh, setRefresh] = useState(0);
  const load = useCallback(() => {
    call('evaluator_clients').then(
      (c) => setClients(c.data.clients),
      () => setFailed(true),
    );
    call('evaluator_inbox', { query: { tz: ZONE } }).then(
      (c) => setCounts(c.data),
      () => setFailed(true),
    );
  }, []);
  useEffect(load, [load]);
  if (failed)
    return (
      <section className="report-page">
        <h1>{title}</h1>
        <p role="alert">{t('staff.ev.failed')}</p>
      </section>
    );
  if (!clients || !counts)
    return (
      <section className="report-page">
        <h1>{title}</h1>
        <p role="status">{t('page.loading')}</p>
      </section>
    );
  const badge = (n: number) => <span className="inbox-badge">{n}</span>;
  const section = (name: InboxSectionName) => <InboxSection section={name} zone={ZONE} total={counts[name] ?? 0} refresh={refresh} />;
  return (
    <section className="report-page inbox-page" aria-labelledby="page-heading">
      <h1 id="page-heading">{title}</h1>
      <nav className="inbox-summary" aria-label={t('staff.inbox.summary')}>
        <ul>
          {SECTIONS.filter((s) => counts[s.key] !== null).map((s) => (
            <li key={s.key}>
              <a href={`#${s.anchor}`}>
                <span className="inbox-summary-count">{counts[s.key]}</span> <span>{t(s.label)}</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {booked && <p role="status">{booked}</p>}
      {counts.today !== null && counts.week !== null && (
        <section id="inbox-meetings" className="inbox-section" aria-labelledby="inbox-meetings-heading">
          <h2 id="inbox-meetings-heading">{t('staff.ev.your_meetings')}</h2>
          <h3>
            {t('staff.inbox.today')} {badge(counts.today)}
          </h3>
          {section('today')}
          <h3>
            {t('staff.inbox.week')} {badge(counts.week)}
          </h3>
          {section('week')}
        </section>
      )}
      {counts.returned !== null && (
        <section id="inbox-returned" className="inbox-section" aria-labelledby="inbox-returned-heading">
          <h2 id="inbox-returned-heading">
            {t('staff.inbox.returned')} {badge(counts.returned)}
          </h2>
          {section('returned')}
        </section>
      )}
      {counts.review !== null && (
        <section id="inbox-review" className="inbox-section" aria-labelledby="inbox-review-heading">
          <h2 id="inbox-review-heading">
            {t('staff.ev.review')} {badge(counts.review)}
          </h2>
          <p className="inbox-hint">{t('staff.inbox.review_hint')}</p>
          {section('review')}
        </section>
      )}
      {counts.drafts !== null && (
        <section id="inbox-drafts" className="inbox-section" aria-labelledby="inbox-drafts-heading">
          <h2 id="inbox-drafts-heading">
            {t('staff.inbox.drafts')} {badge(counts.drafts)}
          </h2>
          {section('drafts')}
        </section>
      )}
      {counts.requests !== null && (
        <section id="inbox-requests" className="inbox-section" aria-labelledby="inbox-requests-heading">
          <h2 id="inbox-requests-heading">
            {t('staff.ev.waiting')} {badge(counts.requests)}
          </h2>
          <p className="inbox-hint">{t('staff.ev.oldest_first')}</p>
          <RequestQueue
            clients={clients}
            onBooked={(employee) => {
              setBooked(t('staff.ev.booked', { employee }));
              setRefresh((r) => r + 1);
              load();
            }}
          />
        </section>
      )}
      <h2>{t('staff.ev.your_clients')}</h2>
      {clients.length === 0 ? (
        <p>{t('staff.no_clients')}</p>
      ) : (
        <div className="report-table-wrap">
          <table className="report-table inbox-clients">
            <thead>
              <tr>
                <th scope="col">{t('staff.client')}</th>
                <th scope="col">{t('staff.ee.open_requests')}</th>
                <th scope="col">{t('staff.ev.booked_meetings')}</th>
                <th scope="col">{t('staff.employees')}</th>
              </tr>
            </thead>
            <tbody>
              {clients.map((c) => (
                <tr key={c.id}>
                  <td>
                    {c.company_name} ({c.company_code})
                  </td>
                  <td>{c.open_requests}</td>
                  <td>{c.scheduled_requests}</td>
                  <td>
                    <AppLink to={href('evaluator_employee_search', { id: c.id })} fallback={<span>—</span>}>
                      {t('staff.ev.search_employees')}
                      <span className="visually-hidden"> {t('staff.cm.of_client', { client: c.company_name })}</span>
                    </AppLink>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
