import { useCallback, useEffect, useState } from 'react';
import type { ApiBody, ApiResponse } from '../../../../generated/api-types';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import type { ApiResult } from '../../api/client';
import type { FormValues } from '../../components/form/manifest-form';
import { LazyManifestForm as ManifestForm } from '../../components/form/lazy-manifest-form';
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
  const [version, setVersion] = useState(0);
  // Each assignment starts a new form, with nothing chosen.
  const [made, setMade] = useState(0);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
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

  // The server's sentence names the person and client; the page words it in the reader's language.
  const assigned = (result: ApiResult<unknown>, values: FormValues) => {
    const email = data?.staff.find((p) => p.id === values.user_id)?.email ?? '';
    const company = data?.clients.find((c) => c.id === values.client_id)?.company_name ?? '';
    const words = { email, company };
    setMessage(
      result.message === `${email} already serves ${company}.` ? t('admin.staff.already', words) : t('admin.staff.assigned', words),
    );
    setMade((n) => n + 1);
    setVersion((v) => v + 1);
    void reload();
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
      <h2 id="assign-heading">{t('admin.staff.assign_heading')}</h2>
      {/* The declared form manifest/forms/staff-assignment.yaml, checked by the same validator on the server. */}
      <ManifestForm
        key={made}
        form="staff_assignment"
        idPrefix="assign"
        label={t('admin.staff.assign_heading')}
        options={{
          user_id: data.staff.map((p) => ({ value: p.id, label: `${p.first_name} ${p.last_name} (${p.email}, ${p.role})` })),
          client_id: data.clients.map((c) => ({ value: c.id, label: c.company_name })),
        }}
        submitText={t('admin.staff.assign')}
        canSubmit={!busy}
        submit={(body) => call('admin_staff_assign', { body: body as ApiBody<'admin_staff_assign'> })}
        successMessage={() => null}
        onSaved={assigned}
      />
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
