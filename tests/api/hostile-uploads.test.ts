import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forms } from '../../generated/forms';
import { signedInAgent, type Agent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { problemsOf } from '../helpers/battery';
import { sample } from '../helpers/hostile';
import { dataUrl, png } from '../helpers/images';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { VALID_FIELDS } from '../helpers/valid-bodies';

/**
 * Hostile uploads (OWASP File Upload Cheat Sheet, "CSV Injection"): the calls that take files are a
 * client's logo and banner, a notification's attachment and the user CSV import (videos and blog
 * posts take no files). Each hostile file is refused with a 400 and a clear message, and nothing is
 * stored. The server reads no archives (no zip, docx or gzip is ever opened), so no zip bomb can be
 * expanded; the decompression bomb an image can be (a tiny PNG declaring a huge canvas) is refused by
 * its declared size without being decoded.
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

const count = async (table: 'clients' | 'client_images' | 'mail_outbox' | 'users' | 'notifications') =>
  Number((await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(server.ctx.db)).rows[0].n);

let refused = 0;
async function expectRefusedUpload(
  path: string,
  payload: Record<string, unknown>,
  message: RegExp,
  tables: Parameters<typeof count>[0][],
): Promise<void> {
  const before = await Promise.all(tables.map(count));
  const answer = await admin.post(path, payload);
  expect(answer.status, `${JSON.stringify(answer.body).slice(0, 300)}`).toBe(400);
  expect(problemsOf(answer, true)).toEqual([]);
  expect(answer.body.errors).toMatch(message);
  expect(await Promise.all(tables.map(count)), 'nothing stored').toEqual(before);
  refused += 1;
}

const bytes = (...parts: (string | Buffer | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
const gif = (width: number, height: number) =>
  bytes(
    'GIF89a',
    [width & 255, width >> 8, height & 255, height >> 8, 0, 0, 0],
    [0x2c, 0, 0, 0, 0, width & 255, width >> 8, height & 255, height >> 8, 0, 2, 2, 0x44, 0x01, 0],
    ';',
  );
/** A one-pixel PNG whose header declares 100000 x 100000 pixels: 40 GB once decoded. */
function bomb(): Buffer {
  const file = png(1, 1);
  file.writeUInt32BE(100_000, 16);
  file.writeUInt32BE(100_000, 20);
  return file;
}
const svg = (inner: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50">${inner}</svg>`;

const HOSTILE_IMAGES: [string, Buffer, string, RegExp][] = [
  [
    'PNG with an HTML page after IEND',
    bytes(png(4, 4), '<html><script>alert(document.cookie)</script></html>'),
    'logo.png',
    /data after its end/,
  ],
  [
    'GIF/JavaScript polyglot (script after the image data)',
    bytes(gif(2, 2).subarray(0, gif(2, 2).length - 1), '*/=alert(1)//;'),
    'logo.gif',
    /not a well-formed file/,
  ],
  ['GIF/JavaScript polyglot (GIF89a/* header)', bytes('GIF89a/*', gif(2, 2).subarray(8)), 'logo.gif', /not a well-formed file|upto/],
  ['GIF with a script after the trailer', bytes(gif(2, 2), '<script>alert(1)</script>'), 'logo.gif', /after its end|not a well-formed/],
  [
    'JPEG carrying a PDF',
    bytes(
      [0xff, 0xd8, 0xff, 0xe0, 0, 16],
      'JFIF',
      [0, 1, 1, 0, 0, 1, 0, 1, 0, 0],
      [0xff, 0xc0, 0, 17, 8, 0, 2, 0, 2, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1],
      '%PDF-1.4 1 0 obj<</JS(app.alert(1))>>endobj',
      [0xff, 0xd9],
    ),
    'logo.jpg',
    /PDF document/,
  ],
  ['SVG with a script', Buffer.from(svg('<script>alert(1)</script>')), 'logo.svg', /SVG contains a script/],
  ['SVG with an event handler', Buffer.from(svg('<rect width="10" height="10" onclick="alert(1)"/>')), 'logo.svg', /event handler/],
  [
    'SVG with an external reference',
    Buffer.from(svg('<image href="https://evil.example/track.png" width="10" height="10"/>')),
    'logo.svg',
    /external reference/,
  ],
  ['SVG with a javascript: URL', Buffer.from(svg('<a href="javascript:alert(1)"><text>x</text></a>')), 'logo.svg', /script URL/],
  ['PNG declaring a 100000 x 100000 canvas (decompression bomb)', bomb(), 'logo.png', /upto 400 X 200 pixels/],
  [
    'oversize logo (over 1024 kilobytes)',
    bytes(png(4, 4), Buffer.alloc(1100 * 1024)),
    'logo.png',
    /may not be greater than 1024 kilobytes/,
  ],
];

describe('client logo and banner', () => {
  it('refuses polyglots, active or external SVG, bombs and oversize images, storing nothing', async () => {
    const roles = ((await admin.get('/admin/lookups')).data as { roles: { id: number; name: string }[] }).roles;
    const base = {
      ...(sample(forms.client.schema) as Record<string, unknown>),
      ...VALID_FIELDS.admin_client_create,
      company_code: 'UPL01',
      company_name: 'Upload Test',
      default_user_role: roles.find((r) => r.name === 'Employee')!.id,
    };
    // The same form with honest images is accepted, so each refusal below is the file's doing.
    const honest = await admin.post('/admin/clients', base);
    expect(honest.status, JSON.stringify(honest.body)).toBe(200);
    for (const [label, file, name, message] of HOSTILE_IMAGES) {
      const type = name.endsWith('svg') ? 'image/svg+xml' : `image/${name.split('.')[1]}`;
      for (const field of ['logo_file', 'banner_image']) {
        const expected =
          field === 'banner_image'
            ? new RegExp(
                message.source.replace('upto 400 X 200', 'upto 1920 X 600').replace('1024 kilobytes', '3072 kilobytes|after its end'),
              )
            : message;
        if (field === 'banner_image' && label.startsWith('oversize')) continue; // 1.1 MB is within the banner's 3 MB
        await expectRefusedUpload('/admin/clients', { ...base, company_code: 'UPL02', [field]: dataUrl(file, name, type) }, expected, [
          'clients',
          'client_images',
        ]);
      }
    }
  });
});

describe('notification attachments', () => {
  const note = {
    audience: 'users',
    recipients: ACCOUNTS.employee,
    subject: 'Your workstation check',
    content: 'Please read the attached guide.',
  };
  it('accepts an honest PDF and refuses polyglots, active PDFs, active SVGs and oversize files, queuing nothing', async () => {
    const honest = await admin.post('/admin/notifications', {
      ...note,
      attachment: dataUrl('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'guide.pdf', 'application/pdf'),
    });
    expect(honest.status, JSON.stringify(honest.body)).toBe(200);
    const cases: [Buffer, string, string, RegExp][] = [
      [bytes([0xff, 0xd8, 0xff, 0xe0], '%PDF-1.4\n%%EOF'), 'guide.pdf', 'application/pdf', /not a real doc, pdf/],
      [bytes([0xff, 0xd8, 0xff, 0xe0], '%PDF-1.4 trailer', [0xff, 0xd9]), 'photo.jpg', 'image/jpeg', /PDF document/],
      [bytes(png(2, 2), '<html><body>phish</body></html>'), 'photo.png', 'image/png', /data after its end/],
      [
        bytes('%PDF-1.4\n1 0 obj<</OpenAction<</S/JavaScript/JS(app.alert(1))>>>>endobj\n%%EOF'),
        'guide.pdf',
        'application/pdf',
        /scripts, launch actions/,
      ],
      [bytes('%PDF-1.4\n%%EOF\n<script>alert(1)</script>'), 'guide.pdf', 'application/pdf', /cut short|markup/],
      [
        Buffer.from(svg('<foreignObject><iframe src="https://evil.example"/></foreignObject>')),
        'chart.svg',
        'image/svg+xml',
        /SVG contains/,
      ],
      [Buffer.from(svg('<use href="https://evil.example/sprite.svg#a"/>')), 'chart.svg', 'image/svg+xml', /external reference/],
      [bytes('%PDF-1.4\n', Buffer.alloc(2.1 * 1024 * 1024, 0x20), '%%EOF'), 'big.pdf', 'application/pdf', /greater than 2 MB/],
      [bytes('MZ\x90\x00'), 'tool.exe', 'application/octet-stream', /valid extension/],
    ];
    for (const [file, name, type, message] of cases) {
      await expectRefusedUpload('/admin/notifications', { ...note, attachment: dataUrl(file, name, type) }, message, [
        'notifications',
        'mail_outbox',
      ]);
    }
  });
});

describe('user CSV import and CSV exports', () => {
  const csv = (rows: string) => dataUrl(`first_name,last_name,email,role,client\r\n${rows}`, 'users.csv', 'text/csv');
  it('refuses cells a spreadsheet would run as formulas, importing nobody', async () => {
    for (const cell of ['=HYPERLINK("https://evil.example","click")', '+1+1', '-2+3', '@SUM(A1)', '  =1+1', '\t=1', '＝1+1']) {
      const quoted = `"${cell.replace(/"/g, '""')}"`;
      const file = csv(`${quoted},Tester,formula.${refused}@example.com,Employee,NW001\r\n`);
      // The preview lists each row's problems (200); the import itself refuses the file (400).
      const preview = await admin.post('/admin/users/import/preview', { import_file: file });
      expect(JSON.stringify(preview.data), cell).toContain('first_name cell starts with =, +, -, @ or a tab');
      await expectRefusedUpload('/admin/users/import', { import_file: file }, /first_name cell starts with =, \+, -, @ or a tab/, [
        'users',
      ]);
    }
  });

  it('neutralises formula cells in every CSV export', async () => {
    const user = {
      first_name: '=1+1',
      last_name: '@SUM(A1)',
      email: 'formula.export@example.com',
      client_id: 1,
      password: 'a-long-enough-password-2026',
      password_confirmation: 'a-long-enough-password-2026',
    };
    const lookups = (await admin.get('/admin/lookups')).data as { roles: { id: number; name: string }[] };
    const created = await admin.post('/admin/users', { ...user, role_id: lookups.roles.find((r) => r.name === 'Employee')!.id });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const group = await admin.post('/admin/user-groups', {
      name: '+Group',
      client_id: 1,
      members: 'formula.export@example.com',
      description: '-2+3',
    });
    expect(group.status, JSON.stringify(group.body)).toBe(200);
    const exports = [
      '/admin/users/export',
      '/admin/user-groups/export',
      '/admin/clients/export',
      '/admin/roles/export',
      '/admin/permissions/export',
      '/admin/email-templates/export',
    ];
    for (const path of exports) {
      const text = String((await admin.get(path)).body.text ?? '');
      expect(text.length, path).toBeGreaterThan(0);
      // No cell of any export may start with a formula character.
      for (const line of text.split('\r\n'))
        for (const cell of line.split(',')) expect(cell.replace(/^"/, ''), `${path}: ${line}`).not.toMatch(/^[=+\-@]/);
    }
    const users = String((await admin.get('/admin/users/export?q=formula.export')).body.text);
    expect(users).toContain(`"'=1+1","'@SUM(A1)"`);
    const groups = String((await admin.get('/admin/user-groups/export')).body.text);
    expect(groups).toContain(`"'+Group"`);
    console.log(`hostile uploads refused: ${refused}, CSV exports checked: ${exports.length}`);
  });
});
