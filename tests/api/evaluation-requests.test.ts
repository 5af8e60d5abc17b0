import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, signedInAgent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { dataUrl, png } from '../helpers/images';
import { GPS_MARKER, jpegParts, pngParts } from '../helpers/photos';
import { startTestServer, type TestServer } from '../helpers/test-server';

let server: TestServer;
let clients: Record<string, number>;
const as = (email: string) => signedInAgent(server.url, email, PASSWORD);

beforeAll(async () => {
  server = await startTestServer();
  const rows = await server.ctx.db.selectFrom('clients').select(['id', 'company_code']).execute();
  clients = Object.fromEntries(rows.map((r) => [r.company_code, r.id]));
});
afterAll(async () => {
  await server?.close();
});

const form = (overrides: Record<string, unknown> = {}) => ({
  work_area: 'Home',
  preferred_times: 'Tuesday or Thursday mornings',
  time_zone: 'Europe/Paris',
  notes: 'Wrist pain when mousing.',
  discomfort: { wrist_right: { frequency: 3, discomfort: 2, interference: 1 }, neck: { frequency: 1, discomfort: 1, interference: 0 } },
  ...overrides,
});

describe('an employee requests a one-to-one evaluation', () => {
  it('stores the request with its discomfort, time zone and photos stripped of GPS metadata, audited', async () => {
    const employee = await as(ACCOUNTS.employee);
    const photos = [
      dataUrl(jpegParts().withMetadata, 'desk.jpg', 'image/jpeg'),
      dataUrl(pngParts().withMetadata, 'chair.png', 'image/png'),
    ];
    const answer = await employee.post('/evaluation-requests', form({ photos }));
    expect(answer.status).toBe(200);
    const { id } = answer.data as { id: number };
    const row = await server.ctx.db.selectFrom('evaluation_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ client_id: clients.NW01, work_area: 'Home', time_zone: 'Europe/Paris', status: 'requested' });
    expect(row.discomfort).toEqual(form().discomfort);
    const stored = await server.ctx.db
      .selectFrom('evaluation_request_photos')
      .selectAll()
      .where('request_id', '=', id)
      .orderBy('position')
      .execute();
    expect(stored.map((p) => p.content_type)).toEqual(['image/jpeg', 'image/png']);
    for (const photo of stored) {
      const bytes = Buffer.from(photo.data);
      expect(bytes.includes(Buffer.from(GPS_MARKER))).toBe(false);
      expect(bytes.includes(Buffer.from('Exif'))).toBe(false);
      expect(photo.size_bytes).toBe(bytes.length);
    }
    const audit = await server.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'target'])
      .where('action', '=', 'evaluation.requested')
      .execute();
    expect(audit).toContainEqual({ action: 'evaluation.requested', target: `evaluation_request:${id}` });
  });

  it('refuses photos with bad bytes, over 5 MB or more than five, unknown body regions and time zones, changing nothing', async () => {
    const employee = await as(ACCOUNTS.contosoEmployee);
    const refuse = async (overrides: Record<string, unknown>, message: string | RegExp) => {
      const answer = await employee.post('/evaluation-requests', form(overrides));
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toMatch(message);
    };
    await refuse(
      { photos: [dataUrl(Buffer.from('<html>not an image</html>'), 'desk.jpg', 'image/jpeg')] },
      'Photo 1 must be a JPEG or PNG image.',
    );
    await refuse(
      { photos: [dataUrl(png(2, 2), 'a.png', 'image/png'), dataUrl(Buffer.from('GIF89a....'), 'b.gif', 'image/gif')] },
      'Photo 2 must be a JPEG or PNG image.',
    );
    await refuse(
      { photos: [dataUrl(Buffer.concat([jpegParts().clean, Buffer.alloc(5 * 1024 * 1024)]), 'big.jpg', 'image/jpeg')] },
      'Photo 1 is larger than 5 MB.',
    );
    await refuse({ photos: Array.from({ length: 6 }, () => dataUrl(png(2, 2), 'a.png', 'image/png')) }, /photos/);
    await refuse({ discomfort: { tail: { frequency: 1, discomfort: 1, interference: 0 } } }, 'Unknown body region: tail.');
    await refuse({ discomfort: { neck: { frequency: 9, discomfort: 1, interference: 0 } } }, /frequency/);
    await refuse({ time_zone: 'Mars/Olympus' }, /IANA time zone/);
    await refuse({ work_area: 'Garage' }, /work_area/);
    const count = await server.ctx.db
      .selectFrom('evaluation_requests')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('client_id', '=', clients.CON1)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('offers only the work areas the client offers: Travel refused at Fabrikam, which has no Travel access, changing nothing', async () => {
    const employee = await as(ACCOUNTS.fabrikamEmployee);
    const before = await server.ctx.db
      .selectFrom('evaluation_requests')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const refused = await employee.post('/evaluation-requests', form({ work_area: 'Travel' }));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, fields: { work_area: expect.stringContaining('does not offer') } });
    const after = await server.ctx.db
      .selectFrom('evaluation_requests')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    expect((await employee.post('/evaluation-requests', form({ work_area: 'Office' }))).status).toBe(200);
  });

  it('lists my own requests with their state, and cancels one not yet scheduled (409 once it is not open, 404 for another employee)', async () => {
    const employee = await as(ACCOUNTS.arcadiaEmployee);
    const { id } = (await employee.post('/evaluation-requests', form())).data as { id: number };
    const mine = (await employee.get('/evaluation-requests')).data as { requests: { id: number; status: string; can_cancel: boolean }[] };
    expect(mine.requests).toEqual([expect.objectContaining({ id, status: 'requested', can_cancel: true })]);
    const other = await as(ACCOUNTS.employee);
    expect((await other.post(`/evaluation-requests/${id}/cancel`)).status).toBe(404);
    expect((await employee.post(`/evaluation-requests/${id}/cancel`)).status).toBe(200);
    const again = await employee.post(`/evaluation-requests/${id}/cancel`);
    expect(again.status).toBe(409);
    const after = (await employee.get('/evaluation-requests')).data as { requests: { status: string; can_cancel: boolean }[] };
    expect(after.requests[0]).toMatchObject({ status: 'cancelled', can_cancel: false });
  });

  it('needs a session (401) and the employee-site permission (403)', async () => {
    const guest = new Agent(server.url);
    expect((await guest.post('/evaluation-requests', form())).status).toBe(401);
    expect((await guest.get('/evaluation-requests')).status).toBe(401);
    const viewer = await as(ACCOUNTS.videoViewer);
    expect((await viewer.post('/evaluation-requests', form())).status).toBe(403);
    expect((await viewer.get('/evaluation-requests')).status).toBe(403);
    expect((await viewer.post('/evaluation-requests/1/cancel')).status).toBe(403);
  });
});

describe('administrators assign evaluators and client managers to clients', () => {
  it('assigns and unassigns with an audit entry, refuses people who are not staff, and needs users-edit or clients-edit', async () => {
    const admin = await as(ACCOUNTS.admin);
    const evaluator2 = await server.ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', ACCOUNTS.evaluator2)
      .executeTakeFirstOrThrow();
    const employee = await server.ctx.db.selectFrom('users').select('id').where('email', '=', ACCOUNTS.employee).executeTakeFirstOrThrow();
    expect((await admin.post('/admin/staff-assignments/remove', { user_id: evaluator2.id, client_id: clients.FAB1 })).status).toBe(200);
    expect((await admin.post('/admin/staff-assignments/remove', { user_id: evaluator2.id, client_id: clients.FAB1 })).status).toBe(404);
    // The assignments grid, searched by the client's name and kept to that client.
    const fab1 = await server.ctx.db.selectFrom('clients').select('company_name').where('id', '=', clients.FAB1).executeTakeFirstOrThrow();
    const rows = (await admin.get(`/admin/staff-assignments/rows?q=${encodeURIComponent(fab1.company_name)}`)).data as {
      rows: { client_id: number; email: string }[];
    };
    expect(rows.rows.filter((a) => a.client_id === clients.FAB1).map((a) => a.email)).toEqual([ACCOUNTS.evaluator]);
    const choices = (await admin.get('/admin/staff-assignments')).data as { staff: { email: string }[] };
    expect(choices.staff.map((s) => s.email)).toEqual(expect.arrayContaining([ACCOUNTS.evaluator, ACCOUNTS.evaluator2]));
    // The refusal names its field, so the form (manifest/forms/staff-assignment.yaml) shows it under the person.
    const notStaff = await admin.post('/admin/staff-assignments', { user_id: employee.id, client_id: clients.FAB1 });
    expect(notStaff.body.errors).toBe('Only evaluators and client managers can be assigned to a client.');
    expect(notStaff.body.fields).toEqual({ user_id: 'Only evaluators and client managers can be assigned to a client.' });
    const noClient = await admin.post('/admin/staff-assignments', { user_id: evaluator2.id, client_id: 99999 });
    expect([noClient.status, noClient.body.fields]).toEqual([404, { client_id: 'Client not found.' }]);
    // The form's own validator on the server: its messages, under their fields.
    const missing = await admin.post('/admin/staff-assignments', { client_id: clients.FAB1 });
    expect([missing.status, missing.body.fields]).toEqual([400, { user_id: 'Please choose a person.' }]);
    expect((await admin.post('/admin/staff-assignments', { user_id: evaluator2.id, client_id: clients.FAB1 })).status).toBe(200);
    const actions = await server.ctx.db.selectFrom('audit_log').select('action').where('action', 'like', 'staff.%').orderBy('id').execute();
    expect(actions.map((a) => a.action)).toEqual(['staff.unassigned', 'staff.assigned']);
    const evaluator = await as(ACCOUNTS.evaluator);
    expect((await evaluator.post('/admin/staff-assignments', { user_id: evaluator2.id, client_id: clients.FAB1 })).status).toBe(403);
    expect((await evaluator.get('/admin/staff-assignments')).status).toBe(403);
    expect((await new Agent(server.url).get('/admin/staff-assignments')).status).toBe(401);
  });
});

describe('the evaluator queue and meetings', () => {
  it('shows only assigned clients, open requests oldest first with business days waited, and 404 for a client not assigned', async () => {
    const admin = await as(ACCOUNTS.admin);
    const evaluatorRow = await server.ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', ACCOUNTS.evaluator)
      .executeTakeFirstOrThrow();
    expect((await admin.post('/admin/staff-assignments/remove', { user_id: evaluatorRow.id, client_id: clients.FAB1 })).status).toBe(200);
    const fabrikam = await as(ACCOUNTS.fabrikamEmployee);
    const hidden = (await fabrikam.post('/evaluation-requests', form())).data as { id: number };
    // A request made ten calendar days ago: any ten days hold at least six weekdays, past the 5-day promise.
    await server.ctx.db
      .updateTable('evaluation_requests')
      .set({ created_at: new Date(Date.now() - 10 * 86_400_000) })
      .where('client_id', '=', clients.NW01)
      .execute();
    const evaluator = await as(ACCOUNTS.evaluator);
    const mine = (await evaluator.get('/evaluator/clients')).data as { clients: { company_code: string; open_requests: number }[] };
    expect(mine.clients.map((c) => c.company_code).sort()).toEqual(['CON1', 'NW01', 'a45']);
    // The queue grid's call (evaluator_queue_list), oldest first by default.
    const queue = (await evaluator.get('/evaluator/queue/rows')).data as {
      rows: { id: number; client_id: number; business_days_waited: number; promise_status: string }[];
    };
    console.log(
      `queue: ${queue.rows.length} open requests; waited ${queue.rows.map((r) => r.business_days_waited).join(', ')} business days`,
    );
    expect(queue.rows.map((r) => r.client_id)).not.toContain(clients.FAB1);
    expect(queue.rows[0]).toMatchObject({ client_id: clients.NW01, promise_status: 'overdue' });
    expect(queue.rows[0].business_days_waited).toBeGreaterThanOrEqual(6);
    expect((await evaluator.get(`/evaluator/requests/${hidden.id}`)).status).toBe(404);
    expect(
      (
        await evaluator.post(`/evaluator/requests/${hidden.id}/schedule`, {
          scheduled_at: '2099-01-05T09:00:00Z',
          meeting_url: 'https://meet.example/x',
        })
      ).status,
    ).toBe(404);
    expect((await (await as(ACCOUNTS.employee)).get('/evaluator/queue/rows')).status).toBe(403);
  });

  it('pages the queue, narrows it to one assigned client, refuses a bad page and answers 404 for a client not assigned', async () => {
    const evaluator = await as(ACCOUNTS.evaluator);
    // One more open request than the demo's, so that the queue has a second page of one.
    const employee = await server.ctx.db.selectFrom('users').select('id').where('email', '=', ACCOUNTS.employee).executeTakeFirstOrThrow();
    await server.ctx.db
      .insertInto('evaluation_requests')
      .values({ user_id: employee.id, client_id: clients.NW01, preferred_times: 'Afternoons', notes: '' })
      .execute();
    const all = (await evaluator.get('/evaluator/queue/rows')).data as { total: number; rows: { id: number; client_id: number }[] };
    expect(all.total).toBeGreaterThanOrEqual(2);
    expect(all.rows.length).toBe(Math.min(all.total, 50));
    const second = (await evaluator.get('/evaluator/queue/rows?start=1&size=1')).data as {
      total: number;
      rows: { id: number }[];
    };
    expect(second.total).toBe(all.total);
    expect(second.rows.map((r) => r.id)).toEqual([all.rows[1].id]);
    const one = all.rows[0].client_id;
    const narrowed = (await evaluator.get(`/evaluator/queue/rows?client_id=${one}`)).data as {
      total: number;
      rows: { client_id: number }[];
    };
    expect(narrowed.rows.length).toBeGreaterThan(0);
    expect(new Set(narrowed.rows.map((r) => r.client_id))).toEqual(new Set([one]));
    // Fabrikam is not the evaluator's (the test above removed the assignment; removing again is harmless).
    const evaluatorId = (
      await server.ctx.db.selectFrom('users').select('id').where('email', '=', ACCOUNTS.evaluator).executeTakeFirstOrThrow()
    ).id;
    await (await as(ACCOUNTS.admin)).post('/admin/staff-assignments/remove', { user_id: evaluatorId, client_id: clients.FAB1 });
    expect((await evaluator.get(`/evaluator/queue/rows?client_id=${clients.FAB1}`)).status).toBe(404);
    for (const bad of ['size=0', 'size=101', 'start=-1', 'start=x', 'client_id=abc', 'client_id=0']) {
      const response = await evaluator.get(`/evaluator/queue/rows?${bad}`);
      expect(response.status, bad).toBe(400);
    }
  });

  it('books, moves and cancels the meeting, e-mailing the employee an .ics each time; another evaluator cannot take it over', async () => {
    const employee = await as(ACCOUNTS.employee);
    const { id } = (await employee.post('/evaluation-requests', form())).data as { id: number };
    const evaluator = await as(ACCOUNTS.evaluator);
    const detail = (await evaluator.get(`/evaluator/requests/${id}`)).data as { request: { discomfort: unknown; email: string } };
    expect(detail.request).toMatchObject({ email: ACCOUNTS.employee, discomfort: form().discomfort });
    expect(
      (
        await evaluator.post(`/evaluator/requests/${id}/schedule`, {
          scheduled_at: '2020-01-05T09:00:00Z',
          meeting_url: 'https://meet.example/x',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await evaluator.post(`/evaluator/requests/${id}/schedule`, {
          scheduled_at: '2099-01-05T09:00:00Z',
          meeting_url: 'http://meet.example/x',
        })
      ).status,
    ).toBe(400);
    const booked = await evaluator.post(`/evaluator/requests/${id}/schedule`, {
      scheduled_at: '2099-01-05T09:00:00Z',
      meeting_url: 'https://meet.example/abc',
    });
    expect(booked.status).toBe(200);
    expect((await employee.post(`/evaluation-requests/${id}/cancel`)).status).toBe(409);
    const other = await as(ACCOUNTS.evaluator2);
    const taken = await other.post(`/evaluator/requests/${id}/schedule`, {
      scheduled_at: '2099-01-06T09:00:00Z',
      meeting_url: 'https://meet.example/zzz',
    });
    expect(taken.status).toBe(409);
    expect(
      (
        await evaluator.post(`/evaluator/requests/${id}/schedule`, {
          scheduled_at: '2099-01-06T14:30:00+01:00',
          meeting_url: 'https://meet.example/abc',
        })
      ).status,
    ).toBe(200);
    expect((await evaluator.post(`/evaluator/requests/${id}/cancel`, { reason: 'The evaluator is unwell.' })).status).toBe(200);
    const mails = await server.ctx.db
      .selectFrom('mail_outbox')
      .select(['subject', 'body_text', 'attachments'])
      .where('to_address', '=', ACCOUNTS.employee)
      .orderBy('id')
      .execute();
    // Times in the employee's zone (Europe/Paris); ICU versions differ on the comma after the weekday.
    expect(mails).toHaveLength(3);
    expect(mails[0].subject).toMatch(/^Your ergonomics evaluation is booked for Monday,? 5 January 2099 at 10:00$/);
    expect(mails[1].subject).toMatch(/^Your ergonomics evaluation has moved to Tuesday,? 6 January 2099 at 14:30$/);
    expect(mails[2].subject).toMatch(/^Your ergonomics evaluation on Tuesday,? 6 January 2099 at 14:30 is cancelled$/);
    const calendars = mails.map((m) => Buffer.from(m.attachments![0].base64, 'base64').toString('utf8'));
    expect(calendars[0]).toMatch(
      /METHOD:REQUEST[\s\S]*UID:evaluation-request-\d+@ergoportal[\s\S]*DTSTART:20990105T090000Z[\s\S]*SEQUENCE:0/,
    );
    expect(calendars[1]).toMatch(/DTSTART:20990106T133000Z[\s\S]*SEQUENCE:1/);
    expect(calendars[2]).toMatch(/METHOD:CANCEL[\s\S]*SEQUENCE:2[\s\S]*STATUS:CANCELLED/);
    expect(mails[0].attachments![0]).toMatchObject({
      filename: 'evaluation.ics',
      contentType: 'text/calendar; charset=utf-8; method=REQUEST',
    });
    expect(mails[2].body_text).toContain('The evaluator is unwell.');
    const audit = await server.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('target', '=', `evaluation_request:${id}`)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'evaluation.requested',
      'evaluation.scheduled',
      'evaluation.rescheduled',
      'evaluation.request_cancelled',
    ]);
  });

  it('serves a request photo to an assigned evaluator only, as the image its bytes are', async () => {
    const employee = await as(ACCOUNTS.employee);
    const { id } = (await employee.post('/evaluation-requests', form({ photos: [dataUrl(png(3, 3), 'desk.png', 'image/png')] }))).data as {
      id: number;
    };
    const evaluator = await as(ACCOUNTS.evaluator);
    const photo = await evaluator.raw('GET', `/blogs/api/evaluator/requests/${id}/photos/1`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/png');
    expect(photo.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await evaluator.raw('GET', `/blogs/api/evaluator/requests/${id}/photos/2`)).status).toBe(404);
    expect((await employee.raw('GET', `/blogs/api/evaluator/requests/${id}/photos/1`)).status).toBe(403);
  });
});
