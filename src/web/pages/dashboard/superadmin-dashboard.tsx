import { useCallback, useEffect, useRef, useState } from 'react';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import { AuditSection, CallsSection, OutboxSection, Stat, StorageSection } from './components/health-sections';
import { figure, utc, type SystemHealth } from './components/system-health';
import '../../components/content/content.css';
import './components/superadmin.css';

/**
 * SPEC §2 /user/superadmin-dashboard: the whole system's health for the Super_admin role (SPEC §6):
 * people and sessions, this month's activity, the mail outbox, the audit chain, storage and the
 * slowest API calls. Read on opening and on "Refresh"; the server refuses every other role.
 */
export default function SuperadminDashboard(_props: PageProps) {
  const [health, setHealth] = useState<SystemHealth | null>(null);
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(true);
  const live = useRef(true);
  const load = useCallback(() => {
    setLoading(true);
    call('superadmin_health', {}, { quiet: true })
      .then(
        ({ data }) => {
          if (live.current) {
            setHealth(data);
            setFailed(false);
          }
        },
        () => {
          if (live.current) setFailed(true);
        },
      )
      .finally(() => {
        if (live.current) setLoading(false);
      });
  }, []);
  useEffect(() => {
    live.current = true;
    load();
    return () => {
      live.current = false;
    };
  }, [load]);

  return (
    <section className="admin-page superadmin-page" aria-labelledby="page-heading" aria-busy={loading}>
      <h1 id="page-heading">Super Admin Dashboard</h1>
      <div className="health-toolbar">
        <button type="button" onClick={load} disabled={loading}>
          {loading ? 'Refreshing…' : 'Refresh'}
        </button>
        <p role="status">{loading ? 'Loading the figures…' : health ? `Figures as of ${utc(health.generatedAt)}.` : ''}</p>
      </div>
      {failed && (
        <p role="alert" className="form-error">
          The figures could not be loaded. Check your connection and press Refresh to try again.
        </p>
      )}
      {health && <Figures health={health} />}
    </section>
  );
}

function Figures({ health }: { health: SystemHealth }) {
  const { clients, users, activity } = health;
  const month = new Date(activity.monthStart).toLocaleString('en', { month: 'long', timeZone: 'UTC' });
  return (
    <>
      <section aria-labelledby="health-people">
        <h2 id="health-people">Clients, users and sessions</h2>
        <div className="card-grid health-grid">
          <Stat label="Clients" value={figure(clients.total)} detail={`${figure(clients.active)} active`} />
          <Stat label="Users" value={figure(users.total)} detail={`${figure(users.active)} active, ${figure(users.disabled)} disabled`} />
          <Stat label="Active sessions" value={figure(health.activeSessions)} detail="Signed in, not signed out and not timed out." />
        </div>
      </section>
      <section aria-labelledby="health-activity">
        <h2 id="health-activity">Activity</h2>
        <div className="card-grid health-grid">
          <Stat label={`Self-assessments submitted in ${month}`} value={figure(activity.selfAssessmentsThisMonth)} />
          <Stat label="Self-assessments submitted last month" value={figure(activity.selfAssessmentsLastMonth)} />
          <Stat label={`Evaluation requests in ${month}`} value={figure(activity.evaluationRequestsThisMonth)} />
        </div>
        <p className="health-detail">Months run on UTC.</p>
      </section>
      <OutboxSection outbox={health.outbox} />
      <AuditSection audit={health.audit} />
      <StorageSection storage={health.storage} />
      <CallsSection calls={health.calls} />
    </>
  );
}
