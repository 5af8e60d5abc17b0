import type { ApiResponse } from '../../../../generated/api-types';
import { useEffect, useState } from 'react';
import type { PageProps } from '../../app/page-props';
import { auditLogGrid } from '../../../../generated/grids';
import { call } from '../../api/typed';
import { ManifestGrid } from '../../components/grid/manifest-grid';
import './components/admin.css';

type Verify = ApiResponse<'admin_audit_verify'>;

/** SPEC §2 /admin/audit-log-viewer: filtered by actor, action and date on the server (manifest/grids/audit_log.yaml), with the chain's state. */
export default function AuditLog(_props: PageProps) {
  const [verify, setVerify] = useState<Verify | null>(null);
  useEffect(() => {
    call('admin_audit_verify').then(
      ({ data }) => setVerify(data),
      () => undefined,
    );
  }, []);
  return (
    <section className="admin-page" aria-labelledby="page-heading">
      <h1 id="page-heading">Audit Log</h1>
      <p role="status" className={verify && !verify.ok ? 'form-error' : undefined}>
        {verify === null
          ? 'Checking the hash chain…'
          : verify.ok
            ? `Hash chain verified: ${verify.checked} entries intact.`
            : `Hash chain broken at entry ${verify.firstBadId}: the log has been altered.`}
      </p>
      <ManifestGrid grid={auditLogGrid} idPrefix="audit" />
    </section>
  );
}
