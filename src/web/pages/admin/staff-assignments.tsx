import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { ApiResponse } from '../../../../generated/api-types';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import { useT } from '../../i18n/texts';
import { staffAssignmentsGrid } from '../../../../generated/grids';
import { ManifestGrid } from '../../components/grid/manifest-grid';
import './components/admin.css';

type Data = ApiResponse<'admin_staff_assignment_choices'>;
type Assignment = ApiResponse<'admin_staff_assignments_list'>['rows'][number];

/**
 * Staff assignments (docs/architecture.md "Who sees which client"; SPEC §6 users-edit / clients-edit):
 * which clients each evaluator and client manager serves. They see only the evaluation requests,
 * reports and employees of the clients assigned here. Every change is audited by the server.
 */
export default function StaffAssignments(_props: PageProps) {
  const t = useT();
  const [data, setData] = useState<Data | null>(null);
  const [failed, setFailed] = useState(false);
  const [userId, setUserId] = useState('');
  const [clientId, setClientId] = useState('');
  const [version, setVersion] = useState(0);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const [touched, setTouched] = useState(false);
  const reload = useCallback(
    () =>
      call('admin_staff_assignment_choices').then(
        ({ data: d }) => {
          setData(d);
          setFailed(false);
        },
        () => setFailed(true),
      ),
    [],
  );
  useEffect(() => {
    void reload();
  }, [reload]);

  const assign = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!userId || !clientId) return;
    setBusy(true);
    try {
      const result = await call('admin_staff_assign', { body: { user_id: Number(userId), client_id: Number(clientId) } });
      // The server's sentence names the person and client; the page words it in the reader's language.
      const email = data?.staff.find((p) => String(p.id) === userId)?.email ?? '';
      const company = data?.clients.find((c) => String(c.id) === clientId)?.company_name ?? '';
      const values = { email, company };
      setMessage(
        result.message === `${email} already serves ${company}.` ? t('admin.staff.already', values) : t('admin.staff.assigned', values),
      );
      setUserId('');
      setClientId('');
      setTouched(false);
      await reload();
      setVersion((v) => v + 1);
    } catch {
      /* the API client shows the server's message */
    } finally {
      setBusy(false);
    }
  };
  const remove = async (a: Assignment) => {
    if (!window.confirm(t('admin.staff.confirm_remove', { email: a.email, company: a.company_name }))) return;
    setBusy(true);
    try {
      await call('admin_staff_unassign', { body: { user_id: a.user_id, client_id: a.client_id } });
      setMessage(t('admin.staff.removed'));
      await reload();
      setVersion((v) => v + 1);
    } catch {
      /* the API client shows the server's message */
    } finally {
      setBusy(false);
    }
  };

  if (failed)
    return (
      <section className="admin-page">
        <h1>{t('route.staff_assignments')}</h1>
        <p role="alert">{t('admin.staff.load_failed')}</p>
      </section>
    );
  if (!data)
    return (
      <section className="admin-page">
        <h1>{t('route.staff_assignments')}</h1>
        <p role="status">{t('admin.staff.loading')}</p>
      </section>
    );
  return (
    <section className="admin-page admin-form" aria-labelledby="page-heading">
      <h1 id="page-heading">{t('route.staff_assignments')}</h1>
      <p>{t('admin.staff.intro')}</p>
      <p role="status" aria-live="polite">
        {message}
      </p>
      <form onSubmit={assign} noValidate aria-labelledby="assign-heading">
        <h2 id="assign-heading">{t('admin.staff.assign_heading')}</h2>
        <div className="field">
          <label htmlFor="assign-user">{t('admin.staff.person_label')}</label>
          <select
            id="assign-user"
            value={userId}
            onChange={(e) => setUserId(e.target.value)}
            aria-invalid={touched && !userId}
            aria-describedby={touched && !userId ? 'assign-user-error' : undefined}
          >
            <option value="">{t('admin.staff.choose_person')}</option>
            {data.staff.map((p) => (
              <option key={p.id} value={p.id}>
                {p.first_name} {p.last_name} ({p.email}, {p.role})
              </option>
            ))}
          </select>
          {touched && !userId && (
            <p id="assign-user-error" className="field-error">
              {t('admin.staff.person_required')}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor="assign-client">{t('form.user.client_id')}</label>
          <select
            id="assign-client"
            value={clientId}
            onChange={(e) => setClientId(e.target.value)}
            aria-invalid={touched && !clientId}
            aria-describedby={touched && !clientId ? 'assign-client-error' : undefined}
          >
            <option value="">{t('admin.select_client')}</option>
            {data.clients.map((c) => (
              <option key={c.id} value={c.id}>
                {c.company_name}
              </option>
            ))}
          </select>
          {touched && !clientId && (
            <p id="assign-client-error" className="field-error">
              {t('admin.staff.client_required')}
            </p>
          )}
        </div>
        <button type="submit" className="button" disabled={busy}>
          {t('admin.staff.assign')}
        </button>
      </form>
      <h2 id="current-heading">{t('admin.staff.current')}</h2>
      {/* The declared grid manifest/grids/staff_assignments.yaml: filtered, sorted and paged by the server. */}
      <ManifestGrid
        grid={staffAssignmentsGrid}
        idPrefix="assign"
        refresh={version}
        onAction={(button, row) => button === 'remove' && void remove(row)}
      />
    </section>
  );
}
