import type { ReactNode } from 'react';
import { bytes, figure, utc, type SystemHealth } from './system-health';
import { useT } from '../../../i18n/texts';

/** One figure as a card: the number large, its label beneath, an optional detail line. */
export function Stat({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="card health-stat">
      <p className="health-value">{value}</p>
      <p className="health-label">{label}</p>
      {detail && <p className="health-detail">{detail}</p>}
    </div>
  );
}

/** A table that scrolls inside itself on a narrow screen, reachable by keyboard to scroll. */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="health-table" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

export function OutboxSection({ outbox }: { outbox: SystemHealth['outbox'] }) {
  const t = useT();
  return (
    <section aria-labelledby="health-mail">
      <h2 id="health-mail">{t('staff.sh.outbox')}</h2>
      <div className="card-grid health-grid">
        <Stat label={t('staff.sh.queued')} value={figure(outbox.queued)} />
        <Stat label={t('staff.sh.sent')} value={figure(outbox.sent)} />
        <Stat label={t('staff.sh.failed')} value={figure(outbox.failed)} detail={outbox.failed > 0 ? t('staff.sh.gave_up') : undefined} />
      </div>
      <h3>{t('staff.sh.latest_failures')}</h3>
      {outbox.latestFailures.length === 0 ? (
        <p>{t('staff.sh.no_failure')}</p>
      ) : (
        <ScrollTable label={t('staff.sh.latest_failed_mail')}>
          <table className="data-table">
            <caption className="visually-hidden">{t('staff.sh.failures_caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('staff.sh.recipient')}</th>
                <th scope="col">{t('staff.sh.subject')}</th>
                <th scope="col">{t('staff.sh.error')}</th>
                <th scope="col">{t('staff.sh.attempts')}</th>
                <th scope="col">{t('staff.sh.time')}</th>
              </tr>
            </thead>
            <tbody>
              {outbox.latestFailures.map((f) => (
                <tr key={f.id}>
                  <td>{f.to}</td>
                  <td>{f.subject}</td>
                  <td>{f.error}</td>
                  <td>{f.attempts}</td>
                  <td>{utc(f.at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      )}
    </section>
  );
}

export function AuditSection({ audit }: { audit: SystemHealth['audit'] }) {
  const t = useT();
  return (
    <section aria-labelledby="health-audit">
      <h2 id="health-audit">{t('staff.sh.audit')}</h2>
      <p className={audit.ok ? 'health-ok' : 'form-error'}>
        {audit.ok ? t('staff.sh.intact', { count: figure(audit.checked) }) : t('staff.sh.broken', { id: String(audit.firstBadId) })}
      </p>
      <p className="health-detail">{t('staff.sh.checked', { at: utc(audit.checkedAt), until: utc(audit.reusedUntil) })}</p>
    </section>
  );
}

export function StorageSection({ storage }: { storage: SystemHealth['storage'] }) {
  const t = useT();
  return (
    <section aria-labelledby="health-storage">
      <h2 id="health-storage">{t('staff.sh.database')}</h2>
      <div className="card-grid health-grid">
        <Stat
          label={storage.scope === 'database' ? t('staff.sh.database_size') : t('staff.sh.size_of', { scope: storage.scope })}
          value={bytes(storage.bytes)}
          detail={t('staff.sh.size_detail')}
        />
      </div>
      <h3>{t('staff.sh.largest')}</h3>
      <ScrollTable label={t('staff.sh.largest')}>
        <table className="data-table">
          <caption className="visually-hidden">{t('staff.sh.largest_caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('staff.sh.table')}</th>
              <th scope="col">{t('staff.sh.size')}</th>
              <th scope="col">{t('staff.sh.rows')}</th>
            </tr>
          </thead>
          <tbody>
            {storage.largestTables.map((table) => (
              <tr key={table.name}>
                <td>{table.name}</td>
                <td>{bytes(table.bytes)}</td>
                <td>{figure(table.estimatedRows)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
    </section>
  );
}

export function CallsSection({ calls }: { calls: SystemHealth['calls'] }) {
  const t = useT();
  return (
    <section aria-labelledby="health-calls">
      <h2 id="health-calls">{t('staff.sh.slowest')}</h2>
      <p>{t('staff.sh.calls_text', { since: calls.since ? ` (${utc(calls.since)})` : '' })}</p>
      {calls.slowest.length === 0 ? (
        <p>{t('staff.sh.no_calls')}</p>
      ) : (
        <ScrollTable label={t('staff.sh.slowest_by_time')}>
          <table className="data-table">
            <caption className="visually-hidden">{t('staff.sh.calls_caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('staff.sh.call')}</th>
                <th scope="col">{t('staff.sh.calls')}</th>
                <th scope="col">{t('staff.sh.median')}</th>
                <th scope="col">{t('staff.sh.p95')}</th>
                <th scope="col">{t('staff.sh.max')}</th>
              </tr>
            </thead>
            <tbody>
              {calls.slowest.map((c) => (
                <tr key={c.name}>
                  <td>{c.name}</td>
                  <td>{figure(c.count)}</td>
                  <td>{c.p50}</td>
                  <td>{c.p95}</td>
                  <td>{c.max}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      )}
    </section>
  );
}
