import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAgent, type Agent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * SPEC §1 the 2–5 business day promise, §2 dashboards (a period names days of the reader's time
 * zone): the business days an open request has waited are counted in the reader's days, on the
 * evaluator's queue, the evaluator's view of one request, the programme's request list and the
 * custom search of requests (its column, its condition and its sort), for a reader fourteen hours
 * ahead of UTC.
 */
const ZONE = 'Pacific/Kiritimati';
const HOUR = 3_600_000;
let server: TestServer;
let evaluator: Agent;
let manager: Agent;

/** The day an instant falls on in a zone, as Intl writes it (written apart from the server's code). */
const dayIn = (at: Date, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(at);
/** Monday to Friday after the first day up to and including the second. */
function weekdaysAfter(from: string, to: string): number {
  let count = 0;
  for (let d = new Date(`${from}T12:00:00Z`); ;) {
    d = new Date(d.getTime() + 24 * HOUR);
    if (d.toISOString().slice(0, 10) > to) return count;
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) count += 1;
  }
}
const waited = (created: Date, now: Date, timeZone: string) => weekdaysAfter(dayIn(created, timeZone), dayIn(now, timeZone));

beforeAll(async () => {
  server = await startTestServer();
  evaluator = await signedInAgent(server.url, ACCOUNTS.evaluator, PASSWORD);
  manager = await signedInAgent(server.url, ACCOUNTS.manager, PASSWORD);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('business days waited', () => {
  it("are the reader's days: the evaluator's queue and the request list agree with a count in that zone, not UTC's", async () => {
    const db = server.ctx.db;
    const employee = await db
      .selectFrom('users')
      .select(['id', 'client_id'])
      .where('email', '=', ACCOUNTS.employee)
      .executeTakeFirstOrThrow();
    // A request old enough that its UTC days and Kiritimati days give different waits (found, not
    // assumed: which hour does it depends on today's weekday and hour).
    const now = new Date();
    let created: Date | undefined;
    for (let hours = 24; hours < 24 * 14 && !created; hours += 1) {
      const at = new Date(now.getTime() - hours * HOUR);
      if (waited(at, now, ZONE) !== waited(at, now, 'UTC')) created = at;
    }
    expect(created).toBeDefined();
    const request = await db
      .insertInto('evaluation_requests')
      .values({
        user_id: employee.id,
        client_id: employee.client_id,
        preferred_times: 'Weekday mornings',
        notes: 'Shoulder ache after long days.',
        status: 'requested',
        work_area: 'Office',
        time_zone: ZONE,
        created_at: created!,
        updated_at: created!,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const inZone = waited(created!, now, ZONE);
    const inUtc = waited(created!, now, 'UTC');

    type Row = { id: number; business_days_waited: number | null };
    const find = (rows: Row[]) => rows.find((r) => Number(r.id) === Number(request.id));
    const queue = async (tz?: string) =>
      find(
        (
          (await evaluator.get(`/evaluator/queue/rows?client_id=${employee.client_id}&size=100${tz ? `&tz=${tz}` : ''}`)).data as {
            rows: Row[];
          }
        ).rows,
      );
    expect((await queue(ZONE))?.business_days_waited).toBe(inZone);
    expect((await queue())?.business_days_waited).toBe(inUtc);

    const list = async (tz?: string) =>
      find(
        ((await manager.get(`/dashboards/evaluation-requests/rows?state=open&size=100${tz ? `&tz=${tz}` : ''}`)).data as { rows: Row[] })
          .rows,
      );
    expect((await list(ZONE))?.business_days_waited).toBe(inZone);
    expect((await list())?.business_days_waited).toBe(inUtc);

    // The evaluator's view of the one request says the same as their queue.
    const single = async (tz?: string) =>
      ((await evaluator.get(`/evaluator/requests/${request.id}${tz ? `?tz=${tz}` : ''}`)).data as { request: Row }).request;
    expect((await single(ZONE)).business_days_waited).toBe(inZone);
    expect((await single()).business_days_waited).toBe(inUtc);

    // Custom search of requests: the column, a condition on it and the record view count the reader's days.
    const search = async (conditions: unknown[], tz?: string) =>
      (
        (
          await manager.get(
            `/custom-search/schedule-request?${new URLSearchParams({
              client_id: String(employee.client_id),
              definition: JSON.stringify({ match: 'all', conditions }),
              size: '100',
              ...(tz ? { tz } : {}),
            })}`,
          )
        ).data as { rows: { id: string; wait_business_days: number }[] }
      ).rows.find((r) => Number(r.id) === Number(request.id));
    expect((await search([], ZONE))?.wait_business_days).toBe(inZone);
    expect((await search([]))?.wait_business_days).toBe(inUtc);
    const waitIs = (days: number) => [{ field: 'wait_business_days', op: 'equals', value: days }];
    expect(await search(waitIs(inZone), ZONE)).toBeDefined();
    expect(await search(waitIs(inUtc), ZONE)).toBeUndefined();
    const record = async (tz?: string) =>
      (
        (await manager.get(`/custom-search/schedule-request/${request.id}/${employee.client_id}${tz ? `?tz=${tz}` : ''}`)).data as {
          record: { wait_business_days: number };
        }
      ).record.wait_business_days;
    expect(await record(ZONE)).toBe(inZone);
    expect(await record()).toBe(inUtc);

    // A zone Intl does not know is refused, as on the other period calls.
    expect((await evaluator.get(`/evaluator/requests/${request.id}?tz=Mars/Olympus_Mons`)).status).toBe(400);
    expect((await manager.get(`/custom-search/schedule-request?client_id=${employee.client_id}&tz=Mars/Olympus_Mons`)).status).toBe(400);
    expect((await evaluator.get('/evaluator/queue/rows?tz=Mars/Olympus_Mons')).status).toBe(400);
    expect((await manager.get('/dashboards/evaluation-requests/rows?tz=Mars/Olympus_Mons')).status).toBe(400);
    expect((await manager.get('/dashboards/evaluations/rows?tz=Mars/Olympus_Mons')).status).toBe(400);
  });
});
