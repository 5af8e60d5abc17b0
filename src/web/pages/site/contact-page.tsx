import { useState, type FormEvent } from 'react';
import type { PageProps } from '../../app/page-props';
import type { RouteDefinition } from '../../../shared/model';
import { call } from '../../api/typed';
import type { ApiBody } from '../../../../generated/api-types';
import { ContentView } from '../../components/content/content-view';
import { byBaseName, preloadContent, useContent, type ContentDoc } from '../../components/content/use-content';
import { validateForm } from '../../../shared/validation/validate-form';

const pages = byBaseName(import.meta.glob<ContentDoc>('../../../../content/site/*.md', { import: 'default' }));
type Values = { name: string; email: string; company: string; message: string };
const EMPTY: Values = { name: '', email: '', company: '', message: '' };

/** Fetches the page's document together with its chunk (page-registry preloadPage). */
export const preload = (route: RouteDefinition) => preloadContent(pages, route.contentSlug);

/** /learn-more and /contact: the page's copy and the contact form (validated on input and blur). */
export default function ContactPage({ route }: PageProps) {
  const doc = useContent(pages, route.contentSlug);
  const [values, setValues] = useState<Values>(EMPTY);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [sent, setSent] = useState('');
  const [busy, setBusy] = useState(false);
  const data = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '')) as ApiBody<'contact'>;
  const errors = validateForm('contact', data);
  const field = (name: keyof Values, label: string, input: 'input' | 'textarea' = 'input', type = 'text') => {
    const error = touched[name] ? errors[name] : '';
    const props = {
      id: `contact-${name}`,
      name,
      value: values[name],
      'aria-invalid': Boolean(error),
      'aria-describedby': error ? `contact-${name}-error` : undefined,
      onChange: (e: { target: { value: string } }) => {
        setValues({ ...values, [name]: e.target.value });
        setTouched({ ...touched, [name]: true });
      },
      onBlur: () => setTouched({ ...touched, [name]: true }),
    };
    return (
      <div className="field">
        <label htmlFor={`contact-${name}`}>{label}</label>
        {input === 'textarea' ? <textarea rows={6} {...props} /> : <input type={type} {...props} />}
        {error && (
          <p id={`contact-${name}-error`} className="field-error">
            {error}
          </p>
        )}
      </div>
    );
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched({ name: true, email: true, company: true, message: true });
    if (Object.keys(errors).length > 0) return;
    setBusy(true);
    try {
      const { message } = await call('contact', { body: data }, { noRefresh: true });
      setSent(message ?? 'Thank you.');
    } catch {
      setBusy(false);
    }
  };
  return (
    <>
      <ContentView doc={doc} fallbackTitle={route.title} />
      <section className="content-page" aria-labelledby="contact-heading">
        <h2 id="contact-heading">Send us a message</h2>
        {sent ? (
          <p role="status">{sent}</p>
        ) : (
          <form onSubmit={submit} noValidate>
            {field('name', 'Name')}
            {field('email', 'Email', 'input', 'email')}
            {field('company', 'Company')}
            {field('message', 'Message', 'textarea')}
            <button type="submit" className="button" disabled={busy}>
              Send message
            </button>
          </form>
        )}
      </section>
    </>
  );
}
