import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from '../../app/history';
import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import type { ApiBody } from '../../../../generated/api-types';
import { formValidator } from './components/form-validator';
import { useAdminForm } from './components/use-admin-form';
import { CLIENT_TEXT_PAGES, clientTextsHref } from './components/client-text-pages';
import { LabelledAddButton } from './components/labelled-add-button';
import { useFormTexts } from '../../i18n/form-texts';
import { useT } from '../../i18n/texts';
import './components/admin.css';
import { href } from '../../../../generated/routes';

const validator = formValidator('client');

/**
 * SPEC §2 /admin/add_client and /admin/edit_client/:id: the manifest's client form in RJSF with the
 * precompiled validator and SPEC §5 messages (names, codes, menu texts, image size and dimensions);
 * the server checks everything again, including the images' real bytes. The default user role offers
 * only roles the server accepts (none that opens the admin center), and a refused save keeps every
 * field (images included) with the server's message under the field it concerns.
 */
export default function ClientForm({ params }: PageProps) {
  const navigate = useNavigate();
  const t = useT();
  const texts = useFormTexts('client');
  const id = params.id;
  const [roles, setRoles] = useState<{ id: number; display_name: string }[] | null>(null);
  const [loaded, setLoaded] = useState(!id);
  const onSaved = useCallback(() => navigate(href('all_clients')), [navigate]);
  const form = useAdminForm({}, onSaved, 'client');
  const { setData } = form;
  useEffect(() => {
    call('admin_client_lookups').then(
      ({ data: l }) => setRoles(l.roles),
      () => undefined,
    );
    if (id)
      call('admin_client_get', { params: { id } }).then(
        ({ data: d }) => {
          setData(d.client);
          setLoaded(true);
        },
        () => undefined,
      );
  }, [id, setData]);
  const schema = useMemo<RJSFSchema>(() => {
    const base = texts.schema as RJSFSchema;
    const properties = { ...(base.properties as Record<string, RJSFSchema>) };
    if (roles)
      properties.default_user_role = { ...properties.default_user_role, oneOf: roles.map((r) => ({ const: r.id, title: r.display_name })) };
    return { ...base, properties };
  }, [roles, texts]);
  const title = t(id ? 'route.edit_client' : 'route.add_client');
  const uiSchema: UiSchema = {
    ...(texts.uiSchema as UiSchema),
    default_user_role: { 'ui:placeholder': t('admin.select_role') },
    regions: { ...(texts.uiSchema as UiSchema).regions, 'ui:options': { addLabel: t('admin.clients.add_region') } },
    'ui:submitButtonOptions': { submitText: t(id ? 'admin.clients.save' : 'admin.clients.create'), props: { disabled: form.saving } },
  };
  if (!roles || !loaded)
    return (
      <section className="admin-page">
        <h1>{title}</h1>
        <p role="status">{t('admin.loading')}</p>
      </section>
    );
  return (
    <section className="admin-page admin-form" aria-labelledby="page-heading">
      <h1 id="page-heading">{title}</h1>
      {id && (
        <nav aria-label={t('admin.texts.nav')} className="admin-subnav">
          {CLIENT_TEXT_PAGES.map((p) => (
            <Link key={p.scope} to={clientTextsHref(p.scope, id)}>
              {t(p.label)}
            </Link>
          ))}
        </nav>
      )}
      <p>{t('admin.clients.image_sizes')}</p>
      <Form
        schema={schema}
        uiSchema={uiSchema}
        validator={validator}
        translateString={texts.translateString}
        formData={form.data}
        onChange={form.onChange}
        templates={{ ButtonTemplates: { AddButton: LabelledAddButton } }}
        extraErrors={form.extraErrors}
        liveValidate="onChange"
        showErrorList={false}
        noHtml5Validate
        // A role is chosen, never preselected: the first option would otherwise become the default.
        experimental_defaultFormStateBehavior={{ constAsDefaults: 'never' }}
        onSubmit={(e) =>
          form.save(
            id
              ? (body) => call('admin_client_update', { params: { id }, body: body as ApiBody<'admin_client_update'> })
              : (body) => call('admin_client_create', { body: body as ApiBody<'admin_client_create'> }),
            e.formData,
          )
        }
      />
    </section>
  );
}
