import { useState, type FormEvent } from 'react';
import type { PageProps } from '../../app/page-props';
import type { RouteDefinition } from '../../../shared/model';
import { call } from '../../api/typed';
import type { ApiBody } from '../../../../generated/api-types';
import { ContentView } from '../../components/content/content-view';
import { preloadContent, useContent } from '../../components/content/use-content';
import { checkFormWith } from '../../../shared/validation/check-form-with';
import { CONTACT_RULES } from '../../../shared/validation/contact-rules';
import { form as contactForm } from '../../../../generated/forms/contact';
import { validate as contactValidate } from '../../../../generated/validators/contact.js';
import { currentLanguage, messageText, useLanguage, useT } from '../../i18n/texts';
import { useSession } from '../../session/store';
import { useSearchParams } from '../../app/history';
import type { InterfaceKey } from '../../i18n/keys';
import { sitePages, siteKey } from './site-documents';

type Service = NonNullable<ApiBody<'contact'>['service']>;
type Values = { name: string; email: string; company: string; message: string; service: Service | '' };
const EMPTY: Values = { name: '', email: '', company: '', message: '', service: '' };

/**
 * The services an enquiry may be about (manifest/forms/contact.yaml, checked again by the server),
 * named as the site's menu names them. A marketing page's "Book a demonstration" opens this page
 * with `?service=<name>` (src/web/build/product-pictures.ts); any other value chooses nothing.
 */
const SERVICE_NAMES: Readonly<Record<Service, InterfaceKey>> = {
  self_assessments: 'nav.self_assessments',
  virtual_service: 'nav.virtual_services',
  onsite_service: 'nav.onsite_services',
  wellness_series: 'nav.wellness_series',
  global_program: 'nav.global_program',
};
const isService = (value: string | null): value is Service => value !== null && Object.hasOwn(SERVICE_NAMES, value);

/** Fetches the page's document together with its chunk (page-registry preloadPage). */
export const preload = (route: RouteDefinition) => preloadContent(sitePages, siteKey(route.contentSlug, currentLanguage()));

/**
 * /learn-more, /contact and /user/demo-register: the page's copy and the contact form (validated on
 * input and blur).
 */
export default function ContactPage({ route }: PageProps) {
  const doc = useContent(sitePages, siteKey(route.contentSlug, useLanguage()));
  // A signed-in reader (/user/demo-register) is not asked for what the portal already knows.
  const user = useSession((s) => s.user);
  const t = useT();
  const [search] = useSearchParams();
  const [values, setValues] = useState<Values>(() => {
    const chosen = search.get('service');
    const start = { ...EMPTY, service: isService(chosen) ? chosen : '' } satisfies Values;
    return user ? { ...start, name: `${user.first_name} ${user.last_name}`.trim(), email: user.email } : start;
  });
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [sent, setSent] = useState('');
  const [busy, setBusy] = useState(false);
  const data = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '')) as ApiBody<'contact'>;
  const errors = checkFormWith(CONTACT_RULES, { form: contactForm, validate: contactValidate }, data);
  // The form's messages (manifest/forms/contact.yaml, shared with the server) in the reader's language.
  const shown = (label: string, message: string) =>
    message.endsWith(' field is required')
      ? t('form.required', { field: label })
      : message === 'Email must be a valid email address'
        ? t('form.email_invalid')
        : message.startsWith('Please tell us a little more')
          ? t('contact.message_short')
          : message;
  const field = (name: Exclude<keyof Values, 'service'>, label: string, input: 'input' | 'textarea' = 'input', type = 'text') => {
    const error = touched[name] && errors[name] ? shown(label, errors[name]) : '';
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
    const multiline = input === 'textarea';
    return (
      <div className="field">
        <label htmlFor={`contact-${name}`}>{label}</label>
        {multiline ? <textarea rows={6} {...props} /> : <input type={type} {...props} />}
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
      setSent(message ? messageText(t, message) : t('contact.thanks'));
    } catch {
      setBusy(false);
    }
  };
  return (
    <>
      <ContentView doc={doc} fallbackTitle={route.title} />
      <section className="content-page" aria-labelledby="contact-heading">
        <h2 id="contact-heading">{t('contact.heading')}</h2>
        {sent ? (
          <p role="status">{sent}</p>
        ) : (
          <form onSubmit={submit} noValidate>
            {field('name', t('contact.name'))}
            {field('email', t('field.email'), 'input', 'email')}
            {field('company', t('contact.company'))}
            <div className="field">
              <label htmlFor="contact-service">{t('contact.service')}</label>
              <select
                id="contact-service"
                name="service"
                value={values.service}
                onChange={(e) => setValues({ ...values, service: isService(e.target.value) ? e.target.value : '' })}
              >
                <option value="">{t('contact.service_any')}</option>
                {(Object.keys(SERVICE_NAMES) as Service[]).map((service) => (
                  <option key={service} value={service}>
                    {t(SERVICE_NAMES[service])}
                  </option>
                ))}
              </select>
            </div>
            {field('message', t('contact.message'), 'textarea')}
            <button type="submit" className="button" disabled={busy}>
              {t('contact.send')}
            </button>
          </form>
        )}
      </section>
    </>
  );
}
