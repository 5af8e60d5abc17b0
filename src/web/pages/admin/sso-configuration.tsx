import { useEffect, useMemo, useState } from 'react';
import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { call } from '../../api/typed';
import { callUrl } from '../../api/call-url';
import type { ApiBody, ApiResponse } from '../../../../generated/api-types';
import { SUCCESS_TOAST_MS, emitToast } from '../../api/toast-bus';
import { formValidator, stripEmpty } from '../../components/form/form-validator';
import { useFormTexts } from '../../i18n/form-texts';
import { fillNodes } from '../../i18n/fill';
import { currentT, useT } from '../../i18n/texts';
import './components/admin.css';

type Lookups = ApiResponse<'admin_sso_configurations'>;
type Stored = Lookups['configurations'][string];
const validator = formValidator('sso_configuration');

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
  const texts = useFormTexts('sso_configuration');
  const [lookups, setLookups] = useState<Lookups | null>(null);
  const [data, setData] = useState<Record<string, unknown>>({});
  const [saving, setSaving] = useState(false);
  const load = () =>
    call('admin_sso_configurations').then(
      ({ data }) => {
        const l = data;
        setLookups(l);
        return l;
      },
      () => null,
    );
  useEffect(() => {
    void load();
  }, []);
  const clientId = typeof data.client_id === 'number' ? data.client_id : undefined;
  const stored = clientId ? lookups?.configurations[clientId] : undefined;
  const protocol = data.protocol === 'saml' ? 'saml' : 'oidc';
  const hidden = Object.fromEntries(ONLY_FOR[protocol === 'saml' ? 'oidc' : 'saml'].map((field) => [field, { 'ui:widget': 'hidden' }]));
  const schema = useMemo<RJSFSchema>(() => {
    const base = texts.schema as RJSFSchema;
    const properties = { ...(base.properties as Record<string, RJSFSchema>) };
    if (lookups) {
      properties.client_id = { ...properties.client_id, oneOf: lookups.clients.map((c) => ({ const: c.id, title: c.company_name })) };
      properties.default_role_id = {
        ...properties.default_role_id,
        oneOf: lookups.roles.map((r) => ({ const: r.id, title: r.display_name })),
      };
    }
    return { ...base, properties };
  }, [lookups, texts]);
  const uiSchema: UiSchema = {
    ...(texts.uiSchema as UiSchema),
    client_id: { 'ui:placeholder': t('admin.select_client') },
    default_role_id: {
      ...((texts.uiSchema as UiSchema).default_role_id as object),
      'ui:placeholder': t('admin.sso.default_role'),
    },
    issuer: { 'ui:help': t(protocol === 'saml' ? 'admin.sso.issuer_saml' : 'admin.sso.issuer_oidc') },
    oidc_client_secret: {
      ...((texts.uiSchema as UiSchema).oidc_client_secret as object),
      'ui:help': t(stored?.has_secret ? 'admin.sso.secret_stored' : 'admin.sso.secret_new'),
    },
    ...hidden,
    'ui:submitButtonOptions': { submitText: t('admin.sso.save'), props: { disabled: saving || !clientId } },
  };
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
      {/* Remounted per client so the stored values of the chosen client fill the form. */}
      <Form
        key={`sso-${clientId ?? 'none'}-${stored ? 'stored' : 'new'}`}
        schema={schema}
        uiSchema={uiSchema}
        validator={validator}
        translateString={texts.translateString}
        formData={data}
        liveValidate="onChange"
        showErrorList={false}
        noHtml5Validate
        onChange={(e) => {
          const next = e.formData as Record<string, unknown>;
          if (next.client_id !== data.client_id)
            setData(valuesFor(next.client_id as number | undefined, lookups.configurations[String(next.client_id)]));
          else if (next.protocol !== data.protocol) setData(next);
        }}
        onSubmit={async (e) => {
          setSaving(true);
          try {
            const saved = stripEmpty(e.formData as Record<string, unknown>);
            const { message } = await call('admin_sso_configuration_save', { body: saved as ApiBody<'admin_sso_configuration_save'> });
            emitToast({ message: message ?? currentT()('admin.saved'), variant: 'success', duration: SUCCESS_TOAST_MS });
            const fresh = await load();
            if (fresh) setData(valuesFor(saved.client_id as number, fresh.configurations[String(saved.client_id)]));
          } catch {
            /* the toast explains */
          }
          setSaving(false);
        }}
      />
    </section>
  );
}
