import { useEffect, useState } from 'react';
import type { PageProps } from '../../app/page-props';
import { auditLogGrid } from '../../../../generated/grids';
import { call } from '../../api/typed';
import { ManifestGrid } from '../../components/grid/manifest-grid';
import { useT } from '../../i18n/texts';
import './components/admin.css';

interface Verify {
  ok: boolean;
  checked: number;
  firstBadId: string | null;
}

/** SPEC §2 /admin/audit-log-viewer: filtered by actor, action and date on the server (manifest/grids/audit_log.yaml), with the chain's state. */
export default function AuditLog(_props: PageProps) {
  const t = useT();
  const [verify, setVerify] = useState<Verify | null>(null);
  useEffect(() => {
    call('admin_audit_verify').then(
      ({ data }) => setVerify(data as Verify),
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
      <ManifestGrid grid={auditLogGrid} idPrefix="audit" />
    </section>
  );
}
