import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from '../../app/history';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import { SUCCESS_TOAST_MS, emitToast } from '../../api/toast-bus';
import { validateForm } from '../../../shared/validation/validate-form';
import { formMessage } from '../../i18n/form-texts';
import { currentT, useT, type T } from '../../i18n/texts';
import { fillNodes } from '../../i18n/fill';
import { isBuiltInTemplate } from '../../../shared/mail/built-in-templates';
import { templateName } from './components/template-name';
import './components/admin.css';
import { href } from '../../../../generated/routes';

type Values = { name: string; subject: string; content: string };
interface Preview {
  subject: string;
  text: string;
  variables: string[];
}

/** Variables as an administrator writes them (code, the same in every language). */
const VARIABLES = { first: '{{first_name}}', company: '{{company_name}}', link: '{{link}}' };

/** "Variables used: first_name, link" (or none) in the reader's language. */
const variablesUsed = (t: T, variables: readonly string[]) =>
  t('admin.templates.variables_used', { list: variables.join(', ') || t('admin.templates.no_variables') });

/** SPEC §2 add/edit e-mail template: Name, Subject, Content (SPEC §5), with a rendered preview. */
export default function EmailTemplateForm({ params }: PageProps) {
  const navigate = useNavigate();
  const t = useT();
  const [values, setValues] = useState<Values>({ name: '', subject: '', content: '' });
  // A template the portal sends keeps its name (the server refuses another): shown, not editable.
  const [builtIn, setBuiltIn] = useState(false);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [preview, setPreview] = useState<Preview | null>(null);
  useEffect(() => {
    if (params.id)
      call('admin_email_template_get', { params: { id: params.id } }).then(
        ({ data }) => {
          const { template } = data;
          setValues({ name: template.name, subject: template.subject, content: template.content });
          setBuiltIn(isBuiltInTemplate(template.name));
        },
        () => undefined,
      );
  }, [params.id]);
  const errors = Object.fromEntries(
    Object.entries(validateForm('email_template', values)).map(([f, m]) => [f, formMessage('email_template', m)]),
  ) as Partial<Record<keyof Values, string>>;
  const set = (key: keyof Values, value: string) => {
    setValues({ ...values, [key]: value });
    setTouched({ ...touched, [key]: true });
  };
  const showPreview = async () => {
    setTouched({ name: true, subject: true, content: true });
    if (Object.keys(errors).length) return;
    try {
      setPreview((await call('admin_email_template_preview', { body: values })).data);
    } catch {
      /* the toast explains */
    }
  };
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setTouched({ name: true, subject: true, content: true });
    if (Object.keys(errors).length) return;
    try {
      const { message } = await (params.id
        ? call('admin_email_template_update', { params: { id: params.id }, body: values })
        : call('admin_email_template_create', { body: values }));
      emitToast({ message: message ?? currentT()('admin.saved'), variant: 'success', duration: SUCCESS_TOAST_MS });
      navigate(href('email_template'));
    } catch {
      /* the toast explains */
    }
  };
  const field = (key: keyof Values, label: string, multiline = false) => (
    <div className="field">
      <label htmlFor={`template-${key}`}>{label}</label>
      {multiline ? (
        <textarea
          id={`template-${key}`}
          rows={10}
          value={values[key]}
          onChange={(e) => set(key, e.target.value)}
          onBlur={() => setTouched({ ...touched, [key]: true })}
          aria-invalid={Boolean(touched[key] && errors[key])}
        />
      ) : (
        <input
          id={`template-${key}`}
          readOnly={key === 'name' && builtIn}
          value={values[key]}
          onChange={(e) => set(key, e.target.value)}
          onBlur={() => setTouched({ ...touched, [key]: true })}
          aria-invalid={Boolean(touched[key] && errors[key])}
        />
      )}
      {touched[key] && errors[key] && <p className="field-error">{errors[key]}</p>}
    </div>
  );
  return (
    <section className="admin-page admin-form" aria-labelledby="page-heading">
      <h1 id="page-heading">{t(params.id ? 'route.edit_email_template' : 'route.add_new_template')}</h1>
      <p>
        {fillNodes(t('admin.templates.variables'), {
          first: <code>{VARIABLES.first}</code>,
          company: <code>{VARIABLES.company}</code>,
          link: <code>{VARIABLES.link}</code>,
        })}
      </p>
      <form onSubmit={save} noValidate>
        {builtIn && (
          <p>
            <strong>{templateName(t, values.name)}</strong>
          </p>
        )}
        {field('name', t('form.email_template.name'))}
        {field('subject', t('form.email_template.subject'))}
        {field('content', t('form.email_template.content'), true)}
        <button type="button" className="button secondary" onClick={() => void showPreview()}>
          {t('admin.templates.preview')}
        </button>{' '}
        <button type="submit" className="button">
          {t('admin.templates.save')}
        </button>
      </form>
      {preview && (
        <section aria-label={t('admin.templates.preview')} className="panel">
          <h2>{t('admin.templates.preview')}</h2>
          <p>
            <strong>{t('admin.templates.subject')}</strong> {preview.subject}
          </p>
          <pre className="mail-preview">{preview.text}</pre>
          <p className="muted">{variablesUsed(t, preview.variables)}</p>
        </section>
      )}
    </section>
  );
}
