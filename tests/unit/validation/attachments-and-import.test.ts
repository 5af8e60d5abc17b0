import { describe, expect, it } from 'vitest';
import { attachmentProblem, CONTENT_MESSAGE, EXTENSION_MESSAGE, SIZE_MESSAGE } from '../../../src/shared/validation/attachments';
import { requiredWhen } from '../../../src/shared/validation/rules';
import { validateForm } from '../../../src/shared/validation/validate-form';
import { parseCsv } from '../../../src/server/api/users/csv-parse';

const bytes = (...values: number[]) => Uint8Array.from(values);
const text = (value: string) => new TextEncoder().encode(value);

describe('attachments are checked by name and by content (SPEC §5)', () => {
  it('accepts each allowed type when its bytes match', () => {
    expect(attachmentProblem('guide.PDF', text('%PDF-1.7\n%%EOF\n'))).toBe('');
    // Signature, then an empty IEND chunk (length, type, CRC): the smallest well-formed PNG structure.
    expect(
      attachmentProblem(
        'photo.png',
        bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82),
      ),
    ).toBe('');
    expect(attachmentProblem('photo.jpg', bytes(0xff, 0xd8, 0xff, 0xe0, 0xff, 0xd9))).toBe('');
    expect(attachmentProblem('letter.doc', bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1))).toBe('');
    expect(
      attachmentProblem(
        'logo.svg',
        text('<?xml version="1.0"?>\n<!-- logo -->\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>'),
      ),
    ).toBe('');
  });

  it('refuses other extensions, disguised content, active SVG and large files', () => {
    expect(attachmentProblem('tool.exe', bytes(0x4d, 0x5a))).toBe(EXTENSION_MESSAGE);
    expect(attachmentProblem('archive.docx', bytes(0x50, 0x4b))).toBe(EXTENSION_MESSAGE);
    expect(attachmentProblem('invoice.pdf', bytes(0x4d, 0x5a, 0x90))).toBe(CONTENT_MESSAGE);
    expect(attachmentProblem('photo.jpg', text('<html>'))).toBe(CONTENT_MESSAGE);
    expect(attachmentProblem('logo.svg', text('<html><svg></svg></html>'))).toBe(CONTENT_MESSAGE);
    expect(attachmentProblem('logo.svg', text('<svg onload="alert(1)"></svg>'))).toBe(
      'The attachment is refused: the SVG contains an event handler attribute.',
    );
    expect(attachmentProblem('logo.svg', text('<svg><a href="javascript:alert(1)">x</a></svg>'))).toBe(
      'The attachment is refused: the SVG contains a script URL or encoded character reference.',
    );
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(text('%PDF'));
    expect(attachmentProblem('big.pdf', big)).toBe(SIZE_MESSAGE);
  });

  it('runs inside the send-notification form on a data URL', () => {
    const form = { audience: 'users', recipients: 'a@b.example', subject: 'S', content: 'C' };
    const pdf = `data:application/pdf;name=guide.pdf;base64,${Buffer.from('%PDF-1.4\n%%EOF').toString('base64')}`;
    expect(validateForm('send_notification', { ...form, attachment: pdf })).toEqual({});
    const fake = `data:application/pdf;name=guide.pdf;base64,${Buffer.from('MZ').toString('base64')}`;
    expect(validateForm('send_notification', { ...form, attachment: fake })).toEqual({ attachment: CONTENT_MESSAGE });
  });
});

describe('required-when', () => {
  it('requires a field only for the chosen value of another', () => {
    const options = { other: 'audience', equals: 'group', message: 'User group is required' };
    expect(requiredWhen(undefined, options, { audience: 'group' })).toBe('User group is required');
    expect(requiredWhen('  ', options, { audience: 'group' })).toBe('User group is required');
    expect(requiredWhen(undefined, options, { audience: 'users' })).toBe('');
    expect(requiredWhen(3, options, { audience: 'group' })).toBe('');
  });
});

describe('CSV reader (RFC 4180)', () => {
  it('reads quoted fields, escaped quotes, line breaks inside quotes, CRLF and a byte-order mark', () => {
    expect(parseCsv('\uFEFFa,b\r\n"x, y","say ""hi"""\n"two\nlines",z\n\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
      ['two\nlines', 'z'],
    ]);
    expect(parseCsv('a,b\nc,d')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });

  it('refuses what is not text CSV', () => {
    expect(parseCsv('a,"unclosed\n')).toBe('The CSV file has an unclosed quote.');
    expect(parseCsv('PNG\u0000\u0000')).toBe('Only CSV files are allowed.');
  });
});
