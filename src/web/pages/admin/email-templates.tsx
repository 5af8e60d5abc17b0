import type { PageProps } from '../../app/page-props';
import { emailTemplatesGrid } from '../../../../generated/grids';
import { AppLink } from '../../components/links/app-link';
import { ManifestGrid } from '../../components/grid/manifest-grid';
import { useT } from '../../i18n/texts';
import { templateName } from './components/template-name';
import './components/admin.css';
import { href } from '../../../../generated/routes';

/**
 * SPEC §2 /admin/email_template: the e-mails the portal sends (manifest/grids/email_templates.yaml),
 * each by its words in the reader's language with its stored name below.
 */
export default function EmailTemplates(_props: PageProps) {
  const t = useT();
  return (
    <section className="admin-page" aria-labelledby="page-heading">
      <h1 id="page-heading">{t('route.email_template')}</h1>
      <ManifestGrid grid={emailTemplatesGrid} idPrefix="template" cells={{ name: (v) => templateName(t, String(v ?? '')) }}>
        <AppLink className="button" to={href('add_new_template')}>
          {t('admin.templates.add')}
        </AppLink>
      </ManifestGrid>
    </section>
  );
}
