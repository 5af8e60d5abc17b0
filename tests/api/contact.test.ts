import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../helpers/agent';
import { startTestServer, type TestServer } from '../helpers/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ CONTACT_TO: 'team@ergoportal.example' });
});
afterAll(async () => {
  await server?.close();
});

describe('the public contact form', () => {
  it('stores the enquiry and e-mails the team, without header injection through the name', async () => {
    const guest = new Agent(server.url);
    const answer = await guest.post('/contact', {
      name: 'Pat Lee\r\nBcc: victim@example.com',
      email: 'pat@acme.example',
      company: 'Acme',
      message: 'We would like a programme for 400 people.',
      service: 'onsite_service',
    });
    expect(answer.status).toBe(200);
    const stored = await server.ctx.db.selectFrom('contact_enquiries').selectAll().executeTakeFirstOrThrow();
    expect(stored.company).toBe('Acme');
    expect(stored.service).toBe('onsite_service');
    const mail = await server.ctx.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', 'team@ergoportal.example')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Website enquiry from Pat Lee Bcc: victim@example.com');
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.body_text).toContain('Service: onsite_service');
  });

  it("refuses invalid input with the form's messages", async () => {
    const guest = new Agent(server.url);
    expect((await guest.post('/contact', { name: '', email: 'x@y.example', message: 'Long enough message' })).body.errors).toBe(
      'Name field is required',
    );
    expect((await guest.post('/contact', { name: 'A', email: 'nope', message: 'Long enough message' })).body.errors).toBe(
      'Email must be a valid email address',
    );
    expect((await guest.post('/contact', { name: 'A', email: 'a@b.example', message: 'short' })).body.errors).toBe(
      'Please tell us a little more (at least 10 characters).',
    );
    expect(
      (await guest.post('/contact', { name: 'A', email: 'a@b.example', message: 'Long enough message', admin: true })).body.errors,
    ).toBe('Unknown field: admin.');
    // The service comes from the page's address: only the form's listed services are stored.
    const unlisted = await guest.post('/contact', {
      name: 'A',
      email: 'a@b.example',
      message: 'Long enough message',
      service: 'free_lunch',
    });
    expect(unlisted.status).toBe(400);
    expect(await server.ctx.db.selectFrom('contact_enquiries').select('id').where('email', '=', 'a@b.example').execute()).toEqual([]);
  });

  it('limits how many messages one address can send', async () => {
    const guest = new Agent(server.url);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1)
      statuses.push(
        (await guest.post('/contact', { name: 'Sam', email: 'sam@acme.example', message: `Message number ${i} for the team` })).status,
      );
    expect(statuses.slice(0, 4)).toEqual([200, 200, 200, 200]);
    expect(statuses[5]).toBe(429);
  });
});
