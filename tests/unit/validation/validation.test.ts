import { describe, expect, it } from 'vitest';
import { imageDimensions } from '../../../src/shared/validation/images';
import { attachmentExtension, csvFile, domainName, emailsList, imageMaxDimensions, videoUrl } from '../../../src/shared/validation/rules';
import { validateForm } from '../../../src/shared/validation/validate-form';

const bytes = (...values: number[]) => Uint8Array.from(values);
function png(width: number, height: number): Uint8Array {
  const b = new Uint8Array(24);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  new DataView(b.buffer).setUint32(16, width);
  new DataView(b.buffer).setUint32(20, height);
  return b;
}
const dataUrl = (mime: string, name: string, content: Uint8Array) =>
  `data:${mime};name=${name};base64,${btoa(String.fromCharCode(...content))}`;

describe('SPEC §5 messages from the manifest', () => {
  it('role: the exact required messages', () => {
    expect(validateForm('role', { name: '', description: '' })).toEqual({
      name: 'Role Name field is required',
      description: 'Description field is required',
    });
    expect(validateForm('role', {})).toEqual({ name: 'Role Name field is required', description: 'Description field is required' });
    expect(validateForm('role', { name: 'Auditor', description: 'Reads the audit log' })).toEqual({});
  });

  it('user: name limits, e-mail, password length and confirmation', () => {
    const errors = validateForm('user', {
      first_name: 'A'.repeat(21),
      last_name: '',
      email: 'nope',
      role_id: 1,
      client_id: 0,
      password: 'short',
      password_confirmation: 'other',
    });
    expect(errors).toEqual({
      first_name: 'First Name may not be greater than 20 characters',
      last_name: 'Last Name field is required',
      email: 'Email must be a valid email address',
      client_id: 'Client is required',
      password: 'Use 15 or more characters.',
      password_confirmation: 'The password confirmation does not match.',
    });
  });

  it('client: menu texts at most 20, code at most 10, billable cost a number of at least 0', () => {
    const errors = validateForm('client', {
      company_name: 'Northwind',
      company_code: 'ABCDEFGHIJK',
      client_type: 'Trial',
      status: 'Active',
      default_user_role: 1,
      report_type: 'Summary',
      logo_file: '',
      banner_image: 'x',
      home: 'A very long home menu text',
      ergo: 'Ergo',
      guideline: 'Setup',
      work_better: 'Better',
      videos: '',
      work_area: [],
      billablecost: -1,
    });
    expect(errors).toMatchObject({
      company_code: 'Company Code may not be greater than 10 characters',
      logo_file: 'Logo field is required',
      home: 'Home may not be greater than 20 characters',
      videos: 'Videos field is required',
      work_area: 'Work form area field is required',
      billablecost: 'Billable Cost must be at least 0',
    });
  });

  it('refuses fields that are not in the form (mass assignment)', () => {
    expect(validateForm('region', { region: 'Europe', role_id: 1 })).toEqual({ role_id: 'Unknown field: role_id.' });
    expect(validateForm('region', {})).toEqual({ region: 'Region is required' });
    expect(validateForm('client_switch', {})).toEqual({ client_id: 'Client is required' });
  });
});

describe('image dimensions from real file content', () => {
  it('reads PNG, GIF, BMP and JPEG headers and the SVG viewBox', () => {
    expect(imageDimensions(png(400, 200))).toEqual({ width: 400, height: 200 });
    expect(imageDimensions(bytes(0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x20, 0x03, 0x58, 0x02))).toEqual({ width: 800, height: 600 });
    const bmp = new Uint8Array(26);
    bmp.set([0x42, 0x4d]);
    new DataView(bmp.buffer).setInt32(18, 640, true);
    new DataView(bmp.buffer).setInt32(22, -480, true);
    expect(imageDimensions(bmp)).toEqual({ width: 640, height: 480 });
    const jpeg = bytes(0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0x2c, 0x01, 0x90, 0x03);
    expect(imageDimensions(jpeg)).toEqual({ width: 400, height: 300 });
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 1200 300"></svg>');
    expect(imageDimensions(svg)).toEqual({ width: 1200, height: 300 });
  });

  it('applies the maximum with the SPEC §5 message, svg measured by viewBox', () => {
    const options = { maxWidth: 400, maxHeight: 200, label: 'logo' };
    expect(imageMaxDimensions(dataUrl('image/png', 'logo.png', png(400, 200)), options)).toBe('');
    expect(imageMaxDimensions(dataUrl('image/png', 'logo.png', png(401, 200)), options)).toBe('The logo must be upto 400 X 200 pixels');
    const svg = new TextEncoder().encode('<svg viewBox="0 0 800 100" width="100" height="50"></svg>');
    expect(imageMaxDimensions(dataUrl('image/svg+xml', 'logo.svg', svg), options)).toBe('The logo must be upto 400 X 200 pixels');
    expect(imageMaxDimensions(dataUrl('text/plain', 'logo.txt', new TextEncoder().encode('hello')), options)).toMatch(
      /must be an image of type/,
    );
    expect(imageMaxDimensions(dataUrl('image/png', 'fake.png', new TextEncoder().encode('not really a png')), options)).toBe(
      'The logo is not a readable image.',
    );
  });
});

describe('the other custom rules', () => {
  it('checks every comma-separated e-mail address', () => {
    expect(emailsList('a@x.com, b@y.org')).toBe('');
    expect(emailsList('a@x.com, nope, c@z')).toBe('These e-mail addresses are not valid: nope, c@z');
  });
  it('checks domain names', () => {
    expect(domainName('northwind.example, mail.arcadia.co.uk')).toBe('');
    expect(domainName('not a domain')).toMatch(/valid domain name/);
    expect(domainName('-bad.com')).toMatch(/valid domain name/);
  });
  it('accepts only video-hosting video URLs', () => {
    expect(videoUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe('');
    expect(videoUrl('https://youtu.be/dQw4w9WgXcQ')).toBe('');
    expect(videoUrl('https://vimeo.com/76979871')).toBe('');
    expect(videoUrl('https://example.com/video.mp4')).toBe('Please enter a valid YouTube, Vimeo or Wistia video URL.');
    expect(videoUrl('javascript:alert(1)')).not.toBe('');
  });
  it('allows only doc, pdf, png, jpg and svg attachments, with the SPEC §5 message', () => {
    expect(attachmentExtension('report.PDF')).toBe('');
    expect(attachmentExtension(`data:application/pdf;name=guide.pdf;base64,${btoa('%PDF-1.4\n%%EOF')}`)).toBe('');
    expect(
      attachmentExtension(`data:application/pdf;name=guide.pdf;base64,${btoa('%PDF-1.4\n<html><script>alert(1)</script>%%EOF')}`),
    ).toMatch(/refused: the file contains web page or script markup/);
    expect(attachmentExtension('tool.exe')).toBe('Please upload the file with a valid extension: doc, pdf, png, jpg, svg.');
  });
  it('allows only CSV imports', () => {
    expect(csvFile('users.csv')).toBe('');
    expect(csvFile('users.xlsx')).toBe('Only CSV files are allowed.');
  });
});
