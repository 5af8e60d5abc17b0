import type { FastifyInstance } from 'fastify';
import { apiCalls } from '../../../generated/api';
import type { AppContext } from '../context';
import { API_PREFIX } from '../http/security';

/** How many of the latest durations each call keeps: older ones are overwritten in place. */
export const RING_SIZE = 1000;

/** A fixed ring of one call's latest durations (ms); nothing is allocated per request. */
class Ring {
  readonly durations = new Float64Array(RING_SIZE);
  next = 0;
  filled = 0;
  total = 0;
  record(ms: number): void {
    this.durations[this.next] = ms;
    this.next = (this.next + 1) % RING_SIZE;
    if (this.filled < RING_SIZE) this.filled += 1;
    this.total += 1;
  }
}

export interface CallTiming {
  name: string;
  count: number;
  sampled: number;
  p50: number;
  p95: number;
  max: number;
}

/** The figures of one server process since it started; each test server (one context) keeps its own. */
export class CallTimings {
  readonly startedAt: Date;
  private readonly rings = new Map<string, Ring>();
  constructor(now: Date) {
    this.startedAt = now;
  }

  record(name: string, ms: number): void {
    let ring = this.rings.get(name);
    if (!ring) {
      ring = new Ring();
      this.rings.set(name, ring);
    }
    ring.record(ms);
  }

  /** The slowest calls by p95, worked out only when the dashboard asks (sorting a copy of each ring). */
  slowest(limit: number): CallTiming[] {
    const rows: CallTiming[] = [];
    for (const [name, ring] of this.rings) {
      const sorted = ring.durations.slice(0, ring.filled).sort();
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
      rows.push({
        name,
        count: ring.total,
        sampled: ring.filled,
        p50: round(at(0.5)),
        p95: round(at(0.95)),
        max: round(sorted[sorted.length - 1]),
      });
    }
    return rows.sort((a, b) => b.p95 - a.p95 || b.max - a.max).slice(0, limit);
  }
}

const round = (ms: number) => Math.round(ms * 10) / 10;
const timings = new WeakMap<AppContext, CallTimings>();

export function callTimingsOf(ctx: AppContext): CallTimings | null {
  return timings.get(ctx) ?? null;
}

/**
 * Records every API call's duration by call name once the answer has gone (Fastify onResponse).
 * The call name is looked up from the route's own method and URL pattern, so the hook does two map
 * lookups and one array write per request (no strings built, no arrays grown).
 */
export function registerCallTimings(app: FastifyInstance, ctx: AppContext): void {
  const table = new CallTimings(ctx.now());
  timings.set(ctx, table);
  const byMethod = new Map<string, Map<string, string>>();
  for (const call of apiCalls) {
    if (!byMethod.has(call.method)) byMethod.set(call.method, new Map());
    byMethod.get(call.method)!.set(`${API_PREFIX}${call.path}`, call.name);
  }
  app.addHook('onResponse', (request, reply, done) => {
    const url = request.routeOptions.url;
    const name = url === undefined ? undefined : byMethod.get(request.method)?.get(url);
    if (name) table.record(name, reply.elapsedTime);
    done();
  });
}
