import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { prepared } from '../db/prepared';
import { callerCacheAllowed, callerDataBarrier, callerDataGeneration } from '../db/caller-data-changes';
import type { ClientMenuEntry, SiteMenuKey } from '../../shared/model';

/** One signed-in caller as the database holds it right now. */
export interface CallerRow {
  family_id: string;
  user_id: number;
  revoked_at: Date | null;
  created_at: Date;
  last_used_at: Date;
  client_id: number;
  status: string;
  email: string;
  first_name: string;
  last_name: string;
  region: string | null;
  sso_status: number;
  admin_sso_status: number;
  language: string;
  role_name: string;
  permissions: string[];
  company_name: string;
  company_code: string;
  logo: string | null;
  banner: string | null;
  hex_color: string;
  secondary_hex_color: string;
  site_footer: string;
  regions: string[];
  access_list: string[];
  site_menu_details: Partial<Record<SiteMenuKey, ClientMenuEntry>>;
  seats: number;
}

/**
 * The hot path of every call: the session family (so revocation, idle and absolute limits apply at
 * once), the user, the role's permissions as they are now (a role change applies at once, SPEC §6)
 * and the family's client, which get-user returns (SPEC §3), for a set of families in one query.
 */
const loadCallers = prepared<CallerRow>(
  'load_callers',
  `SELECT f.id AS family_id, f.user_id, f.revoked_at, f.created_at, f.last_used_at, f.client_id,
  u.status, u.email, u.first_name, u.last_name, u.region, u.sso_status, u.admin_sso_status, u.language, r.name AS role_name,
  coalesce((SELECT array_agg(p.permission ORDER BY p.permission) FROM role_permissions p WHERE p.role_id = u.role_id), '{}') AS permissions,
  c.company_name, c.company_code, c.logo, c.banner, c.hex_color, c.secondary_hex_color, c.site_footer, c.regions, c.access_list, c.site_menu_details, c.seats
FROM refresh_families f
JOIN users u ON u.id = f.user_id
JOIN roles r ON r.id = u.role_id
JOIN clients c ON c.id = f.client_id
WHERE f.id = ANY($1::text[])`,
);

interface Waiting {
  familyId: string;
  userId: number;
  resolve(row: CallerRow | undefined): void;
  reject(error: unknown): void;
}
interface Cached {
  row: CallerRow | undefined;
  generation: number;
  readAt: number;
}

/** Rows kept per server; beyond this the oldest go first. */
const CACHE_LIMIT = 10_000;
/** A second line of defence behind the change signal: no row is served from memory for longer. */
const CACHE_MAX_AGE_MS = 30_000;

/**
 * Loads caller rows for the requests of a server.
 * - Requests that arrive in the same turn of the event loop share one query (the DataLoader pattern).
 * - A row read from the database is kept and served again only while nothing it is made of has
 *   changed since it was read: any write to those tables, by this process or (through a database
 *   notification) by any other, starts a new generation (db/caller-data-changes.ts). So a logout, a
 *   disabled user, a password change or a role change applies to the very next request, and the
 *   idle and absolute limits are checked against the clock on every request (authenticate.ts).
 * - With no way to hear about others' changes (the listening connection is down), nothing is kept.
 */
function createLoader(db: Kysely<Database>) {
  let waiting: Waiting[] | null = null;
  const cache = new Map<string, Cached>();
  async function flush(): Promise<void> {
    const batch = waiting!;
    waiting = null;
    // The generation before the query is sent: a change during the query makes these rows stale.
    const generation = callerDataGeneration();
    try {
      const families = [...new Set(batch.map((w) => w.familyId))];
      const rows = await loadCallers(db, [families]);
      const byFamily = new Map(rows.map((row) => [row.family_id, row]));
      if (callerCacheAllowed(db)) {
        const readAt = Date.now();
        for (const familyId of families) {
          cache.delete(familyId);
          cache.set(familyId, { row: byFamily.get(familyId), generation, readAt });
        }
        for (const oldest of cache.keys()) {
          if (cache.size <= CACHE_LIMIT) break;
          cache.delete(oldest);
        }
      }
      for (const w of batch) w.resolve(matching(byFamily.get(w.familyId), w.userId));
    } catch (error) {
      for (const w of batch) w.reject(error);
    }
  }
  const fresh = (cached: Cached) =>
    cached.generation === callerDataGeneration() && Date.now() - cached.readAt < CACHE_MAX_AGE_MS && callerCacheAllowed(db);
  const query = (familyId: string, userId: number) =>
    new Promise<CallerRow | undefined>((resolve, reject) => {
      if (!waiting) {
        waiting = [];
        setImmediate(() => void flush());
      }
      waiting.push({ familyId, userId, resolve, reject });
    });
  return (familyId: string, userId: number): Promise<CallerRow | undefined> => {
    const cached = cache.get(familyId);
    if (!cached || !fresh(cached)) {
      if (cached) cache.delete(familyId);
      return query(familyId, userId);
    }
    // Another server's change committed just before this request must count: wait until its
    // notification has surely arrived (connect.ts), then look again.
    const barrier = callerDataBarrier(db);
    if (!barrier) return Promise.resolve(matching(cached.row, userId));
    return barrier.then(() => {
      if (fresh(cached)) return matching(cached.row, userId);
      cache.delete(familyId);
      return query(familyId, userId);
    });
  };
}

/** The row only when it belongs to the user the credential names. */
const matching = (row: CallerRow | undefined, userId: number) => (row && row.user_id === userId ? row : undefined);

const loaders = new WeakMap<Kysely<Database>, ReturnType<typeof createLoader>>();

/** The caller row of a family and user, or undefined when there is none. */
export function loadCaller(db: Kysely<Database>, familyId: string, userId: number): Promise<CallerRow | undefined> {
  let loader = loaders.get(db);
  if (!loader) {
    loader = createLoader(db);
    loaders.set(db, loader);
  }
  return loader(familyId, userId);
}
