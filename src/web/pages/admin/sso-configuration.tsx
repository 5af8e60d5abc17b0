import { useCallback, useEffect, useMemo, useState } from 'react';
import { call } from '../../api/typed';
import { callUrl } from '../../api/call-url';
import type { ApiBody, ApiResponse } from '../../../../generated/api-types';
import { ManifestForm, type FormValues } from '../../components/form/manifest-form';
import { fillNodes } from '../../i18n/fill';
import { useT } from '../../i18n/texts';
import './components/admin.css';

type Lookups = ApiResponse<'admin_sso_configurations'>;
type Stored = Lookups['configurations'][string];

/** The form's values for a client: what is stored (never the secret), or an empty, enabled form. */
function valuesFor(clientId: number | undefined, stored: Stored | undefined): Record<string, unknown> {
  if (!clientId) return {};
  if (!stored) return { client_id: clientId, protocol: 'oidc', enabled: true };
  const { has_secret: _secret, default_role_id: role, ...rest } = stored;
  return { client_id: clientId, ...rest, ...(role ? { default_role_id: role } : {}) };
}

/** The fields only one protocol uses, hidden while the other is chosen (the server checks them too). */
const ONLY_FOR = { oidc: ['oidc_client_id', 'oidc_client_secret'], saml: ['saml_sso_url', 'saml_certificate'] } as const;

/**
 * SPEC §2 /admin/sso_configuration (clients-edit): a client's OpenID Connect provider (client id and
 * secret) or SAML 2.0 IdP (entity id, SSO URL, signing certificate), and the e-mail domains that sign
 * in through it. The stored secret is never shown;
 * leaving the field empty keeps it. The server checks and audits every save.
 */
export default function SsoConfigurationPage() {
  const t = useT();
  const [lookups, setLookups] = useState<Lookups | null>(null);
  const [values, setValues] = useState<FormValues>({});
  // Counts saves: the form starts again from the stored values after each (the secret field empty).
  const [start, setStart] = useState(0);
  const load = () =>
    call('admin_sso_configurations').then(
      ({ data }) => {
        setLookups(data);
        return data;
      },
      () => null,
    );
  useEffect(() => {
    void load();
  }, []);
  const clientId = typeof values.client_id === 'number' ? values.client_id : undefined;
  const stored = clientId ? lookups?.configurations[clientId] : undefined;
  const protocol = values.protocol === 'saml' ? 'saml' : 'oidc';
  const hidden = Object.fromEntries(ONLY_FOR[protocol === 'saml' ? 'oidc' : 'saml'].map((field) => [field, { 'ui:widget': 'hidden' }]));
  const options = useMemo(
    () =>
      lookups
        ? {
            client_id: lookups.clients.map((c) => ({ value: c.id, label: c.company_name })),
            default_role_id: lookups.roles.map((r) => ({ value: r.id, label: r.display_name })),
          }
        : undefined,
    [lookups],
  );
  // Another client: the form shows that client's stored values (or an empty, enabled form).
  const adjust = useCallback(
    (next: FormValues, previous: FormValues) =>
      next.client_id !== previous.client_id && lookups
        ? valuesFor(next.client_id as number | undefined, lookups.configurations[String(next.client_id)])
        : next,
    [lookups],
  );
  if (!lookups)
    return (
      <section className="admin-page">
        <h1>{t('route.sso_configuration')}</h1>
        <p role="status">{t('admin.loading')}</p>
      </section>
    );
  return (
    <section className="admin-page admin-form" aria-labelledby="page-heading">
      <h1 id="page-heading">{t('route.sso_configuration')}</h1>
      <p>{t('admin.sso.intro')}</p>
      {protocol === 'saml' && clientId ? (
        <p>
          {fillNodes(t('admin.sso.saml_setup'), {
            metadata: <code>{`${window.location.origin}${callUrl('saml_metadata', { clientId })}`}</code>,
            acs: <code>{`${window.location.origin}${callUrl('saml_acs', {})}`}</code>,
          })}
        </p>
      ) : (
        <p>
          {fillNodes(t('admin.sso.oidc_setup'), { callback: <code>{`${window.location.origin}${callUrl('sso_callback', {})}`}</code> })}
        </p>
      )}
      {clientId && (
        <p className="muted" role="status">
          {t(stored ? (stored.enabled ? 'admin.sso.state_on' : 'admin.sso.state_off') : 'admin.sso.state_none')}
        </p>
      )}
      <ManifestForm
        // Remounted per client so the stored values of the chosen client fill the form.
        key={`${start}-${clientId ?? 'none'}`}
        form="sso_configuration"
        initial={values}
        canSubmit={clientId !== undefined}
        options={options}
        adjust={adjust}
        onValues={setValues}
        uiSchema={{
          client_id: { 'ui:placeholder': t('admin.select_client') },
          default_role_id: { 'ui:placeholder': t('admin.sso.default_role') },
          issuer: { 'ui:help': t(protocol === 'saml' ? 'admin.sso.issuer_saml' : 'admin.sso.issuer_oidc') },
          oidc_client_secret: { 'ui:help': t(stored?.has_secret ? 'admin.sso.secret_stored' : 'admin.sso.secret_new') },
          ...hidden,
        }}
        submitText={t('admin.sso.save')}
        submit={(body) => call('admin_sso_configuration_save', { body: body as ApiBody<'admin_sso_configuration_save'> })}
        onSaved={(_result, saved) => {
          void load().then((fresh) => {
            if (!fresh) return;
            const next = valuesFor(saved.client_id as number, fresh.configurations[String(saved.client_id)]);
            setValues(next);
            setStart((n) => n + 1);
          });
        }}
      />
    </section>
  );
}
