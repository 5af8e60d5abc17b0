import type { ReactNode } from 'react';
import { bytes, figure, utc, type SystemHealth } from './system-health';

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
  return (
    <section aria-labelledby="health-mail">
      <h2 id="health-mail">Mail outbox</h2>
      <div className="card-grid health-grid">
        <Stat label="Waiting to be sent" value={figure(outbox.queued)} />
        <Stat label="Sent" value={figure(outbox.sent)} />
        <Stat label="Failed" value={figure(outbox.failed)} detail={outbox.failed > 0 ? 'Gave up after every retry.' : undefined} />
      </div>
      <h3>Latest failures</h3>
      {outbox.latestFailures.length === 0 ? (
        <p>No mail has failed.</p>
      ) : (
        <ScrollTable label="Latest failed mail">
          <table className="data-table">
            <caption className="visually-hidden">The ten most recent messages that could not be delivered</caption>
            <thead>
              <tr>
                <th scope="col">Recipient</th>
                <th scope="col">Subject</th>
                <th scope="col">Error</th>
                <th scope="col">Attempts</th>
                <th scope="col">Time</th>
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
  return (
    <section aria-labelledby="health-audit">
      <h2 id="health-audit">Audit log chain</h2>
      <p className={audit.ok ? 'health-ok' : 'form-error'}>
        {audit.ok
          ? `Intact: ${figure(audit.checked)} entries checked, every hash chains to the one before.`
          : `Broken at entry ${audit.firstBadId}: the log has been altered from that entry on.`}
      </p>
      <p className="health-detail">
        Checked {utc(audit.checkedAt)}. A full check reads the whole log, so its result is reused until {utc(audit.reusedUntil)}; entries
        written since then are checked next time.
      </p>
    </section>
  );
}

export function StorageSection({ storage }: { storage: SystemHealth['storage'] }) {
  return (
    <section aria-labelledby="health-storage">
      <h2 id="health-storage">Database</h2>
      <div className="card-grid health-grid">
        <Stat
          label={storage.scope === 'database' ? 'Database size' : `Size of ${storage.scope}`}
          value={bytes(storage.bytes)}
          detail="Tables, indexes and their overflow storage."
        />
      </div>
      <h3>Largest tables</h3>
      <ScrollTable label="Largest tables">
        <table className="data-table">
          <caption className="visually-hidden">Tables by size on disk, largest first</caption>
          <thead>
            <tr>
              <th scope="col">Table</th>
              <th scope="col">Size</th>
              <th scope="col">Rows (estimate)</th>
            </tr>
          </thead>
          <tbody>
            {storage.largestTables.map((t) => (
              <tr key={t.name}>
                <td>{t.name}</td>
                <td>{bytes(t.bytes)}</td>
                <td>{figure(t.estimatedRows)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
    </section>
  );
}

export function CallsSection({ calls }: { calls: SystemHealth['calls'] }) {
  return (
    <section aria-labelledby="health-calls">
      <h2 id="health-calls">Slowest calls</h2>
      <p>
        These figures are this server process's own since it started{calls.since ? ` (${utc(calls.since)})` : ''}; other processes keep
        their own, and a restart clears them. Times are in milliseconds over each call's latest 1,000 requests; "Calls" counts every request
        since the start.
      </p>
      {calls.slowest.length === 0 ? (
        <p>No calls recorded yet.</p>
      ) : (
        <ScrollTable label="Slowest calls by time">
          <table className="data-table">
            <caption className="visually-hidden">API calls by 95th percentile time, slowest first</caption>
            <thead>
              <tr>
                <th scope="col">Call</th>
                <th scope="col">Calls</th>
                <th scope="col">Median</th>
                <th scope="col">95th percentile</th>
                <th scope="col">Slowest</th>
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
