import { useCallback, useEffect, useState } from 'react';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import type { ApiBody, ApiResponse } from '../../../../generated/api-types';
import { ManifestForm } from '../../components/form/manifest-form';
import { useT } from '../../i18n/texts';
import './components/admin.css';

type Data = ApiResponse<'admin_training_assignments'>;
type Assignment = Data['clients'][number]['assignments'][number];

/** The form's values of a saved assignment (its one audience value is the region or the work area). */
function formValues(a: Assignment) {
  return {
    course_id: a.course_id,
    audience: a.audience,
    ...(a.audience === 'region' && a.audience_value ? { region: a.audience_value } : {}),
    ...(a.audience === 'work_area' && a.audience_value ? { work_area: a.audience_value } : {}),
    ...(a.new_starter_days !== null ? { new_starter_days: a.new_starter_days } : {}),
    mandatory: a.mandatory,
    due_days: a.due_days,
    ...(a.retrain_months !== null ? { retrain_months: a.retrain_months } : {}),
    active: a.active,
  };
}

/**
 * /admin/training (docs/product.md "Training"): per client, which courses its employees take, who,
 * by when and how often again; saving enrols the employees an assignment matches at once.
 */
export default function TrainingAdminPage(_props: PageProps) {
  const t = useT();
  const [data, setData] = useState<Data | null>(null);
  const [failed, setFailed] = useState(false);
  const [clientId, setClientId] = useState<number | null>(null);
  const [editing, setEditing] = useState<Assignment | 'new' | null>(null);

  const load = useCallback(
    () =>
      call('admin_training_assignments', { query: {} })
        .then(({ data: d }) => {
          setData(d);
          setClientId((c) => c ?? d.clients[0]?.id ?? null);
        })
        .catch(() => setFailed(true)),
    [],
  );
  useEffect(() => void load(), [load]);

  const client = data?.clients.find((c) => c.id === clientId);
  const audience = (a: Assignment) =>
    t(`training.admin.audience.${a.audience}`) +
    (a.audience_value ? `: ${a.audience_value}` : a.new_starter_days ? ` (${a.new_starter_days})` : '');

  return (
    <section className="admin-page" aria-labelledby="page-heading">
      <h1 id="page-heading">{t('training.admin.title')}</h1>
      <p>{t('training.admin.intro')}</p>
      {!data && !failed && <p role="status">{t('admin.loading')}</p>}
      {data && data.clients.length === 0 && <p>{t('training.admin.no_clients')}</p>}
      {data && data.clients.length > 0 && (
        <>
          <label style={{ display: 'grid', gap: '0.25rem', maxWidth: '24rem' }}>
            {t('training.admin.client')}
            <select
              value={clientId ?? ''}
              onChange={(e) => {
                setClientId(Number(e.target.value));
                setEditing(null);
              }}
            >
              {data.clients.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.company_name}
                </option>
              ))}
            </select>
          </label>
          {client && (
            <>
              <h2>{t('training.admin.assignments')}</h2>
              {client.assignments.length === 0 ? (
                <p>{t('training.admin.none')}</p>
              ) : (
                <div style={{ overflowX: 'auto' }}>
                  <table>
                    <thead>
                      <tr>
                        <th scope="col">{t('training.admin.course')}</th>
                        <th scope="col">{t('training.admin.who')}</th>
                        <th scope="col">{t('training.admin.due')}</th>
                        <th scope="col">{t('training.admin.enrolled')}</th>
                        <th scope="col">{t('training.admin.completed')}</th>
                        <th scope="col">{t('training.admin.state')}</th>
                        <th scope="col">
                          <span className="visually-hidden">{t('training.admin.edit')}</span>
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {client.assignments.map((a) => (
                        <tr key={a.id}>
                          <td>
                            {a.course_title}
                            {a.mandatory ? ` · ${t('form.training_assignment.mandatory')}` : ''}
                          </td>
                          <td>{audience(a)}</td>
                          <td>{t('training.admin.days', { days: String(a.due_days) })}</td>
                          <td>{a.enrolled}</td>
                          <td>{a.completed}</td>
                          <td>{t(a.active ? 'training.admin.active' : 'training.admin.stopped')}</td>
                          <td>
                            <button type="button" className="link-button" onClick={() => setEditing(a)}>
                              {t('training.admin.edit')}
                              <span className="visually-hidden"> {a.course_title}</span>
                            </button>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
              {editing === null ? (
                <p>
                  <button type="button" className="button" onClick={() => setEditing('new')}>
                    {t('training.admin.add')}
                  </button>
                </p>
              ) : (
                <div className="admin-form">
                  <h2>{editing === 'new' ? t('training.admin.add') : `${t('training.admin.edit')}: ${editing.course_title}`}</h2>
                  <ManifestForm
                    key={`${client.id}-${editing === 'new' ? 'new' : editing.id}`}
                    form="training_assignment"
                    initial={editing === 'new' ? { audience: 'everyone', mandatory: true, due_days: 30, active: true } : undefined}
                    load={editing === 'new' ? undefined : () => Promise.resolve(formValues(editing))}
                    options={client.regions.length ? { region: client.regions.map((r) => ({ value: r, label: r })) } : undefined}
                    submitText={t('training.admin.save')}
                    successMessage={(r) => t('training.admin.saved', { count: String((r.data as { enrolled: number }).enrolled) })}
                    submit={(body) => {
                      const saved =
                        editing === 'new'
                          ? call('admin_training_assignment_create', {
                              params: { clientId: client.id },
                              body: body as ApiBody<'admin_training_assignment_create'>,
                            })
                          : call('admin_training_assignment_update', {
                              params: { clientId: client.id, id: editing.id },
                              body: body as ApiBody<'admin_training_assignment_update'>,
                            });
                      return saved.then((r) => {
                        setEditing(null);
                        void load();
                        return r;
                      });
                    }}
                  />
                  <p>
                    <button type="button" className="button secondary" onClick={() => setEditing(null)}>
                      {t('training.admin.cancel')}
                    </button>
                  </p>
                </div>
              )}
            </>
          )}
        </>
      )}
    </section>
  );
}
