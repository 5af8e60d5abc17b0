import { parseId } from '../http/request-guards';

/** A page of the evaluator queue is at most this many requests (SPEC §2 /user/evaluator). */
export const QUEUE_PAGE_MAX = 100;
export const QUEUE_PAGE_DEFAULT = 50;

export interface QueueQuery {
  readonly start: number;
  readonly size: number;
  readonly clientId: number | null;
}

/**
 * The evaluator queue's query string, parsed strictly: a bad value is a message for a 400, never a
 * guess. `start` is bounded so that an offset cannot make the database walk millions of rows.
 */
export function parseQueueQuery(raw: Record<string, string | undefined>): QueueQuery | string {
  const start = raw.start === undefined || raw.start === '' ? 0 : Number(raw.start);
  const size = raw.size === undefined || raw.size === '' ? QUEUE_PAGE_DEFAULT : Number(raw.size);
  if (!Number.isInteger(start) || start < 0 || start > 1_000_000) return 'start must be a whole number from 0 to 1000000.';
  if (!Number.isInteger(size) || size < 1 || size > QUEUE_PAGE_MAX) return `size must be a whole number from 1 to ${QUEUE_PAGE_MAX}.`;
  if (raw.client_id === undefined || raw.client_id === '') return { start, size, clientId: null };
  const clientId = parseId(raw.client_id);
  if (clientId === null) return 'client_id must be an id.';
  return { start, size, clientId };
}
