import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import { SUCCESS_TOAST_MS, emitToast } from '../../api/toast-bus';
import { validateForm } from '../../../shared/validation/validate-form';
import './components/admin.css';

type Values = { name: string; subject: string; content: string };
interface Preview {
  subject: string;
  text: string;
  variables: string[];
}

/** SPEC §2 add/edit e-mail template: Name, Subject, Content (SPEC §5), with a rendered preview. */
export default function EmailTemplateForm({ params }: PageProps) {
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>({ name: '', subject: '', content: '' });
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [preview, setPreview] = useState<Preview | null>(null);
  useEffect(() => {
    if (params.id)
      call('admin_email_template_get', { params: { id: params.id } }).then(
        ({ data }) => {
          const { template } = data;
          setValues({ name: template.name, subject: template.subject, content: template.content });
        },
        () => undefined,
      );
  }, [params.id]);
  const errors = validateForm('email_template', values);
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
      emitToast({ message: message ?? 'Saved', variant: 'success', duration: SUCCESS_TOAST_MS });
      navigate('/admin/email_template');
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
      <h1 id="page-heading">{params.id ? 'Edit Email Template' : 'Add Email Template'}</h1>
      <p>
        Write variables as <code>{'{{first_name}}'}</code>, <code>{'{{company_name}}'}</code> or <code>{'{{link}}'}</code>; their values are
        escaped and can never add lines to the subject.
      </p>
      <form onSubmit={save} noValidate>
        {field('name', 'Name')}
        {field('subject', 'Subject')}
        {field('content', 'Content', true)}
        <button type="button" className="button secondary" onClick={() => void showPreview()}>
          Preview
        </button>{' '}
        <button type="submit" className="button">
          Save template
        </button>
      </form>
      {preview && (
        <section aria-label="Preview" className="panel">
          <h2>Preview</h2>
          <p>
            <strong>Subject:</strong> {preview.subject}
          </p>
          <pre className="mail-preview">{preview.text}</pre>
          <p className="muted">Variables used: {preview.variables.join(', ') || 'none'}</p>
        </section>
      )}
    </section>
  );
}
