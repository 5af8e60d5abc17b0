import { useState } from 'react';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import type { ApiBody, ApiResponse } from '../../../../generated/api-types';
import { ManifestForm, type FormValues } from '../../components/form/manifest-form';
import { useT, type T } from '../../i18n/texts';
import { fillNodes } from '../../i18n/fill';
import { isBuiltInTemplate } from '../../../shared/mail/built-in-templates';
import { templateName } from './components/template-name';
import './components/admin.css';

type Preview = ApiResponse<'admin_email_template_preview'>;

/** Variables as an administrator writes them (code, the same in every language). */
const VARIABLES = { first: '{{first_name}}', company: '{{company_name}}', link: '{{link}}' };

/** "Variables used: first_name, link" (or none) in the reader's language. */
const variablesUsed = (t: T, variables: readonly string[]) =>
  t('admin.templates.variables_used', { list: variables.join(', ') || t('admin.templates.no_variables') });

/**
 * SPEC §2 add/edit e-mail template: the manifest's form (Name, Subject, Content, SPEC §5), a preview
 * rendered by the server once the form is valid, and a taken name refused under the Name field.
 */
export default function EmailTemplateForm({ params }: PageProps) {
  const t = useT();
  const id = params.id;
  // A template the portal sends keeps its name (the server refuses another): shown, not editable.
  const [builtIn, setBuiltIn] = useState<string | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const showPreview = async (values: FormValues) => {
    try {
      setPreview((await call('admin_email_template_preview', { body: values as ApiBody<'admin_email_template_preview'> })).data);
    } catch {
      /* the toast explains */
    }
  };
  return (
    <section className="admin-page admin-form" aria-labelledby="page-heading">
      <h1 id="page-heading">{t(id ? 'route.edit_email_template' : 'route.add_new_template')}</h1>
      <p>
        {fillNodes(t('admin.templates.variables'), {
          first: <code>{VARIABLES.first}</code>,
          company: <code>{VARIABLES.company}</code>,
          link: <code>{VARIABLES.link}</code>,
        })}
      </p>
      {builtIn && (
        <p>
          <strong>{templateName(t, builtIn)}</strong>
        </p>
      )}
      <ManifestForm
        key={id ?? 'new'}
        form="email_template"
        uiSchema={builtIn ? { name: { 'ui:readonly': true } } : undefined}
        submitText={t('admin.templates.save')}
        buttons={[
          { label: t('admin.templates.preview'), secondary: true, validate: true, run: showPreview },
          { label: t('admin.templates.save'), saveWith: {} },
        ]}
        load={
          id
            ? () =>
                call('admin_email_template_get', { params: { id } }).then(({ data: { template } }) => {
                  setBuiltIn(isBuiltInTemplate(template.name) ? template.name : null);
                  return { name: template.name, subject: template.subject, content: template.content };
                })
            : undefined
        }
        submit={(body) =>
          id
            ? call('admin_email_template_update', { params: { id }, body: body as ApiBody<'admin_email_template_update'> })
            : call('admin_email_template_create', { body: body as ApiBody<'admin_email_template_create'> })
        }
      />
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
