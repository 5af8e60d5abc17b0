import type { Kysely } from 'kysely';
import { verifyAuditChain } from '../../audit/audit';
import type { Database } from '../../db/schema';

/**
 * How long one full check of the audit chain is reused. Verifying reads and hashes every entry
 * (OWASP ASVS 7.3.3, tamper evidence), which grows with the log, so the dashboard shows the latest
 * result with the time it was taken rather than re-reading the whole log on every refresh.
 */
export const AUDIT_CHECK_TTL_MS = 5 * 60_000;

export interface AuditCheck {
  ok: boolean;
  checked: number;
  firstBadId: string | null;
  checkedAt: string;
  reusedUntil: string;
}

const cache = new WeakMap<Kysely<Database>, { at: number; result: Promise<AuditCheck> }>();

/** The audit chain's state, checked at most once per AUDIT_CHECK_TTL_MS per database (concurrent callers share one check). */
export function auditCheck(db: Kysely<Database>, now: Date): Promise<AuditCheck> {
  const hit = cache.get(db);
  if (hit && now.getTime() - hit.at < AUDIT_CHECK_TTL_MS) return hit.result;
  const result = verifyAuditChain(db).then((r) => ({
    ...r,
    checkedAt: now.toISOString(),
    reusedUntil: new Date(now.getTime() + AUDIT_CHECK_TTL_MS).toISOString(),
  }));
  cache.set(db, { at: now.getTime(), result });
  // A failed check is not kept: the next request tries again.
  result.catch(() => {
    if (cache.get(db)?.result === result) cache.delete(db);
  });
  return result;
}
