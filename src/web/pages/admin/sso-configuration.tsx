import { useEffect, useMemo, useState } from 'react';
import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { forms } from '../../../../generated/forms';
import { call } from '../../api/typed';
import { callUrl } from '../../api/call-url';
import type { ApiBody, ApiResponse } from '../../../../generated/api-types';
import { SUCCESS_TOAST_MS, emitToast } from '../../api/toast-bus';
import { formValidator, stripEmpty } from './components/form-validator';
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
    const base = forms.sso_configuration.schema as unknown as RJSFSchema;
    const properties = { ...(base.properties as Record<string, RJSFSchema>) };
    if (lookups) {
      properties.client_id = { ...properties.client_id, oneOf: lookups.clients.map((c) => ({ const: c.id, title: c.company_name })) };
      properties.default_role_id = {
        ...properties.default_role_id,
        oneOf: lookups.roles.map((r) => ({ const: r.id, title: r.display_name })),
      };
    }
    return { ...base, properties };
  }, [lookups]);
  const uiSchema: UiSchema = {
    ...(forms.sso_configuration.uiSchema as UiSchema),
    client_id: { 'ui:placeholder': 'Select a client' },
    default_role_id: {
      ...((forms.sso_configuration.uiSchema as UiSchema).default_role_id as object),
      'ui:placeholder': "The client's default user role",
    },
    issuer: {
      'ui:help':
        protocol === 'saml'
          ? 'The IdP entity id, as in its metadata (a URL or urn:…).'
          : "The provider's issuer, for example https://login.example.com/tenant (https is required).",
    },
    oidc_client_secret: {
      ...((forms.sso_configuration.uiSchema as UiSchema).oidc_client_secret as object),
      'ui:help': stored?.has_secret
        ? 'A secret is stored and is never shown. Leave empty to keep it.'
        : 'The secret the provider issued for this portal.',
    },
    ...hidden,
    'ui:submitButtonOptions': { submitText: 'Save SSO configuration', props: { disabled: saving || !clientId } },
  };
  if (!lookups)
    return (
      <section className="admin-page">
        <h1>SSO Configuration</h1>
        <p role="status">Loading…</p>
      </section>
    );
  return (
    <section className="admin-page admin-form" aria-labelledby="page-heading">
      <h1 id="page-heading">SSO Configuration</h1>
      <p>
        People whose work e-mail is in one of the client's domains sign in at its OpenID Connect provider or SAML 2.0 identity provider.
      </p>
      {protocol === 'saml' && clientId ? (
        <p>
          At the IdP, load the metadata from <code>{`${window.location.origin}${callUrl('saml_metadata', { clientId })}`}</code> (entity id
          of the same address; Assertion Consumer Service <code>{`${window.location.origin}${callUrl('saml_acs', {})}`}</code>, HTTP-POST),
          and sign assertions.
        </p>
      ) : (
        <p>
          Register <code>{`${window.location.origin}${callUrl('sso_callback', {})}`}</code> as the redirect address at the provider.
        </p>
      )}
      {clientId && (
        <p className="muted" role="status">
          {stored
            ? stored.enabled
              ? 'Single sign-on is set up and on for this client.'
              : 'Single sign-on is set up but turned off for this client.'
            : 'This client has no single sign-on yet.'}
        </p>
      )}
      {/* Remounted per client so the stored values of the chosen client fill the form. */}
      <Form
        key={`sso-${clientId ?? 'none'}-${stored ? 'stored' : 'new'}`}
        schema={schema}
        uiSchema={uiSchema}
        validator={validator}
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
            emitToast({ message: message ?? 'Saved', variant: 'success', duration: SUCCESS_TOAST_MS });
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
