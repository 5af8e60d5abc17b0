import { useCallback, useEffect, useMemo, useState } from 'react';
import { call } from '../../api/typed';
import { callUrl } from '../../api/call-url';
import type { ApiBody, ApiResponse } from '../../../../generated/api-types';
import { ManifestForm, type FormValues } from '../../components/form/manifest-form';
import { useT } from '../../i18n/texts';
import './components/admin.css';

type Lookups = ApiResponse<'admin_training_lms'>;

/** The form's values for the client shown: what is stored (never the secret), or an empty, switched-off form. */
function valuesFor(data: Lookups): FormValues {
  const s = data.settings;
  return s
    ? { client_id: data.client_id, endpoint: s.endpoint, auth_key: s.auth_key, enabled: s.enabled }
    : { client_id: data.client_id, enabled: false };
}

/**
 * /admin/training-lms, "Learning systems" (docs/product.md "Training: learning systems"; clients-edit):
 * a course in one language as a SCORM 1.2 package for any learning system, and each client's
 * Learning Record Store that receives its employees' training steps as xAPI statements, with how
 * many are waiting, sent or given up. The stored secret is never shown; leaving the field empty keeps it.
 */
export default function TrainingLmsPage() {
  const t = useT();
  const [data, setData] = useState<Lookups | null>(null);
  const [failed, setFailed] = useState(false);
  const [start, setStart] = useState(0);
  const [course, setCourse] = useState('');
  const [language, setLanguage] = useState('en');
  const load = useCallback(
    (clientId?: number) =>
      call('admin_training_lms', { query: clientId ? { client_id: String(clientId) } : {} }).then(
        ({ data: fresh }) => {
          setData(fresh);
          setFailed(false);
          setStart((n) => n + 1);
          setCourse((c) => c || fresh.courses[0]?.id || '');
        },
        () => setFailed(true),
      ),
    [],
  );
  useEffect(() => {
    void load();
  }, [load]);
  const options = useMemo(
    () => (data ? { client_id: data.clients.map((c) => ({ value: c.id, label: c.company_name })) } : undefined),
    [data],
  );
  // Another client: that client's stored settings and delivery fill the page.
  const adjust = useCallback(
    (next: FormValues, previous: FormValues) => {
      if (next.client_id !== previous.client_id && typeof next.client_id === 'number') void load(next.client_id);
      return next;
    },
    [load],
  );
  if (!data)
    return (
      <section className="admin-page">
        <h1>{t('route.training_lms')}</h1>
        <p role={failed ? 'alert' : 'status'}>{t(failed ? 'lms.load_failed' : 'admin.loading')}</p>
      </section>
    );
  const stored = data.settings;
  return (
    <section className="admin-page admin-form" aria-labelledby="page-heading">
      <h1 id="page-heading">{t('route.training_lms')}</h1>
      <p>{t('lms.intro')}</p>

      <h2>{t('lms.scorm.title')}</h2>
      <p>{t('lms.scorm.intro')}</p>
      {data.courses.length === 0 ? (
        <p className="muted">{t('lms.scorm.none')}</p>
      ) : (
        <div className="lms-download">
          <label>
            {t('lms.scorm.course')}
            <select value={course} onChange={(e) => setCourse(e.target.value)}>
              {data.courses.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.title} (v{c.version})
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('lms.scorm.language')}
            <select value={language} onChange={(e) => setLanguage(e.target.value)}>
              {data.languages.map((l) => (
                <option key={l} value={l}>
                  {t(`lms.language.${l}` as 'lms.language.en')}
                </option>
              ))}
            </select>
          </label>
          <a className="button" href={callUrl('admin_training_scorm', { course }, { language })} download>
            {t('lms.scorm.download')}
          </a>
        </div>
      )}

      <h2>{t('lms.xapi.title')}</h2>
      <p>{t('lms.xapi.intro')}</p>
      <p className="muted" role="status">
        {t(stored ? (stored.enabled ? 'lms.xapi.state_on' : 'lms.xapi.state_off') : 'lms.xapi.state_none')}{' '}
        {t('lms.xapi.delivery', { queued: data.delivery.queued, sent: data.delivery.sent, failed: data.delivery.failed })}
      </p>
      {data.delivery.last_error && (
        <p className="muted">
          {t('lms.xapi.last_error')} <code>{data.delivery.last_error}</code>
        </p>
      )}
      <ManifestForm
        key={`${start}-${data.client_id}`}
        form="training_lms"
        initial={valuesFor(data)}
        canSubmit
        options={options}
        adjust={adjust}
        uiSchema={{
          client_id: { 'ui:placeholder': t('admin.select_client') },
          secret: { 'ui:help': t(stored?.has_secret ? 'lms.xapi.secret_stored' : 'lms.xapi.secret_new') },
        }}
        submitText={t('lms.xapi.save')}
        submit={(body) => call('admin_training_lms_save', { body: body as ApiBody<'admin_training_lms_save'> })}
        onSaved={(_result, saved) => void load(saved.client_id as number)}
      />
    </section>
  );
}
