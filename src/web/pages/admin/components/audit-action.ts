import { isAuditAction, auditActionKey } from '../../../../shared/audit-actions';
import type { T } from '../../../i18n/texts';

/** An audit action ("user.updated") in the reader's words (SPEC §2 /admin/audit-log-viewer); an unknown code as it is. */
export function auditActionText(t: T, code: string): string {
  return isAuditAction(code) ? t(auditActionKey(code)) : code;
}
