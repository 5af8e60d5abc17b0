import { useCallback, useEffect, useRef, useState } from 'react';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import { AuditSection, CallsSection, OutboxSection, Stat, StorageSection } from './components/health-sections';
import { figure, utc, type SystemHealth } from './components/system-health';
import '../../components/content/content.css';
import './components/superadmin.css';
import { useLocale, useT } from '../../i18n/texts';
import { formatMonthName } from '../../../shared/dates';

/**
 * SPEC §2 /user/superadmin-dashboard: the whole system's health for the Super_admin role (SPEC §6):
 * people and sessions, this month's activity, the mail outbox, the audit chain, storage and the
 * slowest API calls. Read on opening and on "Refresh"; the server refuses every other role.
 */
export default function SuperadminDashboard(_props: PageProps) {
  const t = useT();
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
      <h1 id="page-heading">{t('route.superadmin_dashboard')}</h1>
      <div className="health-toolbar">
        <button type="button" onClick={load} disabled={loading}>
          {loading ? t('staff.sa2.refreshing') : t('staff.sa2.refresh')}
        </button>
        <p role="status">{loading ? t('staff.overview.loading') : health ? t('staff.sa2.as_of', { at: utc(health.generatedAt) }) : ''}</p>
      </div>
      {failed && (
        <p role="alert" className="form-error">
          {t('staff.sa2.failed')}
        </p>
      )}
      {health && <Figures health={health} />}
    </section>
  );
}

function Figures({ health }: { health: SystemHealth }) {
  const t = useT();
  const locale = useLocale();
  const { clients, users, activity } = health;
  const month = formatMonthName(new Date(activity.monthStart), locale);
  return (
    <>
      <section aria-labelledby="health-people">
        <h2 id="health-people">{t('staff.sa2.people')}</h2>
        <div className="card-grid health-grid">
          <Stat
            label={t('staff.sa2.clients')}
            value={figure(clients.total)}
            detail={t('staff.sa2.active', { count: figure(clients.active) })}
          />
          <Stat
            label={t('staff.sa2.users')}
            value={figure(users.total)}
            detail={t('staff.sa2.active_disabled', { active: figure(users.active), disabled: figure(users.disabled) })}
          />
          <Stat label={t('staff.sa2.sessions')} value={figure(health.activeSessions)} detail={t('staff.sa2.sessions_detail')} />
        </div>
      </section>
      <section aria-labelledby="health-activity">
        <h2 id="health-activity">{t('staff.sa2.activity')}</h2>
        <div className="card-grid health-grid">
          <Stat label={t('staff.sa2.sa_in', { month })} value={figure(activity.selfAssessmentsThisMonth)} />
          <Stat label={t('staff.sa2.sa_last')} value={figure(activity.selfAssessmentsLastMonth)} />
          <Stat label={t('staff.sa2.requests_in', { month })} value={figure(activity.evaluationRequestsThisMonth)} />
        </div>
        <p className="health-detail">{t('staff.sa2.utc')}</p>
      </section>
      <OutboxSection outbox={health.outbox} />
      <AuditSection audit={health.audit} />
      <StorageSection storage={health.storage} />
      <CallsSection calls={health.calls} />
    </>
  );
}
