import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, signedInAgent, type Answer } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { problemsOf } from '../helpers/battery';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * The inputs that once made the server answer 500 (or answer in the framework's own shape without
 * the security headers), each now a 400 with a clear message in the API's `{success:false, errors}`
 * shape and the security headers (OWASP ASVS V5.1.3, V7.4.1, V14.4).
 */
let server: TestServer;
let admin: Agent;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInAgent(server.url, ACCOUNTS.superAdmin, PASSWORD);
});
afterAll(async () => {
  await server?.close();
});

let checked = 0;
function expectRefused(answer: Answer, message: RegExp, status = 400): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(problemsOf(answer, true)).toEqual([]);
  expect(answer.body.errors).toMatch(message);
  checked += 1;
}

/** Sends raw bytes on a socket: requests fetch refuses to build (huge headers, a broken request line). */
function rawHttp(text: string): Promise<{ status: number; headers: string; body: Record<string, unknown> }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(text));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('utf8');
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const [head, body] = answer.split('\r\n\r\n');
      if (!head) return reject(new Error('no answer'));
      resolve({ status: Number(head.split(' ')[1]), headers: head.toLowerCase(), body: JSON.parse(body) as Record<string, unknown> });
    });
  });
}

describe('NUL characters', () => {
  it('refuses NUL in addresses, pages and body text, signed in or not', async () => {
    const guest = new Agent(server.url);
    expectRefused(await guest.raw('GET', '/blogs/api/blog/posts/%00'), /NUL/);
    expectRefused(await guest.raw('GET', '/en/blog/%00'), /NUL/);
    expectRefused(await guest.raw('GET', '/blogs/api/blog/posts?q=%00'), /NUL/);
    expectRefused(await guest.post('/page-view', { path: '/en/\u0000' }), /path field must not contain a NUL/);
    expectRefused(
      await guest.post('/contact', { name: 'A\u0000B', email: 'someone@example.com', message: 'How high should my desk be?' }),
      /name field must not contain a NUL/,
    );
    expectRefused(
      await guest.post('/register', {
        first_name: 'A\u0000',
        last_name: 'B',
        email: 'nul@example.com',
        password: 'a-long-enough-password-2026',
        password_confirmation: 'a-long-enough-password-2026',
        company_code: 'NW001',
      }),
      /first_name field must not contain a NUL/,
    );
    expectRefused(await guest.post('/login', { 'email\u0000': 'x' }), /field name must not contain a NUL/);
  });
});

describe('numbers past 32 bits', () => {
  it('refuses ids above 2^31-1 in addresses and bodies', async () => {
    expectRefused(
      await new Agent(server.url).raw('GET', '/blogs/api/sso/saml/metadata/99999999999'),
      /clientId in the address must be a whole number from 1 to 2147483647/,
    );
    expectRefused(await admin.raw('GET', '/blogs/api/admin/users/2147483648'), /id in the address must be a whole number/);
    expectRefused(await admin.raw('GET', '/blogs/api/admin/users/0'), /id in the address/);
    const user = {
      first_name: 'Big',
      last_name: 'Number',
      email: 'big.number@example.com',
      role_id: 2 ** 31,
      client_id: 1,
      password: 'a-long-enough-password-2026',
      password_confirmation: 'a-long-enough-password-2026',
    };
    expectRefused(await admin.post('/admin/users', user), /User Role/);
    expectRefused(await admin.post('/admin/users', { ...user, role_id: 1, client_id: 1e20 }), /Client/);
    expectRefused(await admin.post('/update-sso-clients', { client_id: 99999999999 }), /client_id/);
  });
});

describe('query strings', () => {
  it('refuses repeated names, prototype names, unknown sorts, 1e20 and impossible dates', async () => {
    expectRefused(await admin.raw('GET', '/blogs/api/admin/users?q=a&q=b'), /q must be given only once/);
    expectRefused(await admin.raw('GET', '/blogs/api/admin/users?sort=__proto__'), /sort must be one of/);
    expectRefused(await admin.raw('GET', '/blogs/api/admin/user-groups?sort=toString'), /sort must be one of/);
    expectRefused(await admin.raw('GET', '/blogs/api/admin/users?__proto__=1'), /__proto__ is not allowed/);
    expectRefused(await admin.raw('GET', '/blogs/api/admin/users?start=1e20'), /start must be a whole number/);
    expectRefused(await admin.raw('GET', '/blogs/api/admin/clients?start=9999999999'), /start must be at most 2147483647/);
    expectRefused(await admin.raw('GET', '/blogs/api/admin/audit-log?to=275760-09-13'), /to must be a date/);
    expectRefused(await admin.raw('GET', '/blogs/api/admin/audit-log?from=2026-02-30'), /from must be a date/);
    expectRefused(await admin.raw('GET', '/blogs/api/admin/users?client_id=2147483648'), /client_id must be a whole number/);
  });
});

describe('uploads and blank text', () => {
  it('refuses a data URL with a broken file name or broken base64', async () => {
    expectRefused(
      await admin.post('/admin/users/import/preview', { import_file: 'data:text/csv;name=%zz.csv;base64,Zmlyc3RfbmFtZQ==' }),
      /CSV/,
    );
    expectRefused(await admin.post('/admin/users/import/preview', { import_file: 'data:text/csv;name=users.csv;base64,!!!!' }), /CSV/);
    expectRefused(
      await admin.post('/admin/notifications', {
        audience: 'users',
        recipients: ACCOUNTS.employee,
        subject: 'Hi',
        content: 'Hello',
        attachment: 'data:image/png;name=%E0%A4%A.png;base64,AAAA',
      }),
      /attachment|extension/i,
    );
  });

  it('refuses required text that is blank after trimming', async () => {
    expectRefused(
      await admin.post('/admin/videos', { title: ' ', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', category: 'Lab work' }),
      /Title field is required/,
    );
    expectRefused(await admin.post('/update-user-region', { region: '   ' }), /region field is required/);
    expectRefused(
      await new Agent(server.url).post('/contact', { name: ' ', email: 'someone@example.com', message: 'How high should my desk be?' }),
      /Name field is required/,
    );
  });
});

describe('requests the router or the HTTP parser refuses', () => {
  it('answers a URL with broken percent-encoding in the API shape with the security headers', async () => {
    expectRefused(await new Agent(server.url).raw('GET', '/%E0%A4%A'), /percent-encoding/);
    expectRefused(await new Agent(server.url).raw('GET', '/blogs/api/blog/posts/%E0%A4%A'), /percent-encoding/);
  });

  it('answers oversized headers and a broken request line in the API shape with the security headers', async () => {
    const huge = await rawHttp(`GET /blogs/api/get-user HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(huge.status).toBe(431);
    expect(huge.body).toEqual({ success: false, errors: 'The request headers are too large.' });
    const broken = await rawHttp('NOT A REQUEST\r\n\r\n');
    expect(broken.status).toBe(400);
    expect(broken.body.success).toBe(false);
    for (const answer of [huge, broken]) {
      expect(answer.headers).toContain('x-frame-options: deny');
      expect(answer.headers).toContain("frame-ancestors 'none'");
      expect(answer.headers).toContain('x-content-type-options: nosniff');
    }
    checked += 2;
  });

  it('sends X-Frame-Options DENY, agreeing with frame-ancestors none', async () => {
    const answer = await new Agent(server.url).get('/get-user');
    expect(answer.headers.get('x-frame-options')).toBe('DENY');
    expect(answer.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    console.log(`refused cases checked: ${checked}`);
  });
});
