import type { ApiResponse } from '../../../../generated/api-types';
import { useEffect, useState } from 'react';
import type { PageProps } from '../../app/page-props';
import { auditLogGrid } from '../../../../generated/grids';
import { call } from '../../api/typed';
import { ManifestGrid } from '../../components/grid/manifest-grid';
import { currentT, useT } from '../../i18n/texts';
import { AUDIT_ACTIONS } from '../../../shared/audit-actions';
import { auditActionText } from './components/audit-action';
import './components/admin.css';

type Verify = ApiResponse<'admin_audit_verify'>;

/** SPEC §2 /admin/audit-log-viewer: filtered by actor, action (in the reader's words, src/shared/audit-actions.ts) and date on the server (manifest/grids/audit_log.yaml), with the chain's state. */
export default function AuditLog(_props: PageProps) {
  const t = useT();
  const [verify, setVerify] = useState<Verify | null>(null);
  const [action, setAction] = useState('');
  // The actions in the reader's words, in alphabetical order of those words.
  const actions = AUDIT_ACTIONS.map((code) => ({ code, words: auditActionText(t, code) })).sort((a, b) => a.words.localeCompare(b.words));
  useEffect(() => {
    call('admin_audit_verify').then(
      ({ data }) => setVerify(data),
      () => undefined,
    );
  }, []);
  return (
    <section className="admin-page" aria-labelledby="page-heading">
      <h1 id="page-heading">{t('route.audit_log_viewer')}</h1>
      <p role="status" className={verify && !verify.ok ? 'form-error' : undefined}>
        {verify === null
          ? t('admin.audit.checking')
          : verify.ok
            ? t('admin.audit.verified', { count: verify.checked })
            : t('admin.audit.broken', { id: verify.firstBadId ?? '' })}
      </p>
      <ManifestGrid
        grid={auditLogGrid}
        idPrefix="audit"
        fixed={action ? { action } : {}}
        cells={{ action: (code) => auditActionText(currentT(), String(code ?? '')) }}
      >
        <div className="field">
          <label htmlFor="audit-action">{t('grid.audit_log.filter.action')}</label>
          <select id="audit-action" value={action} onChange={(e) => setAction(e.target.value)}>
            <option value="">{t('admin.audit.all_actions')}</option>
            {actions.map((a) => (
              <option key={a.code} value={a.code}>
                {a.words}
              </option>
            ))}
          </select>
        </div>
      </ManifestGrid>
    </section>
  );
}
