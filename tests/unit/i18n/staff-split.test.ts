import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { STAFF_SECTIONS, TEXT_PARTS, splitInterfaceTexts } from '../../../src/web/build/interface-texts-plugin';
import { ACCOUNT_KEY, OUTCOMES_KEY, REPORT_KEY, type TextPart } from '../../../src/web/i18n/text-parts';

const dir = join(import.meta.dirname, '../../../content/interface');
const table = (text: string) => (parse(text) as Record<string, string> | null) ?? {};

describe('interface texts split for staff pages', () => {
  it('moves the staff sections, and only them, into their own part', () => {
    const text = [
      '# ── Shell ──────',
      'shell.a: A',
      `# ── ${STAFF_SECTIONS[0]} ──`,
      'admin.b: B',
      "admin.c: 'C: with a colon'",
      '# ── employee pages ──',
      'employee.d: D',
      `# ── ${TEXT_PARTS.reports[0]} ──`,
      'report.f: F',
      `# ── ${STAFF_SECTIONS[1]} ──`,
      'staff.e: E',
    ].join('\n');
    const { core, staff, reports } = splitInterfaceTexts(text);
    expect(table(core)).toEqual({ 'shell.a': 'A', 'employee.d': 'D' });
    expect(table(staff)).toEqual({ 'admin.b': 'B', 'admin.c': 'C: with a colon', 'staff.e': 'E' });
    expect(table(reports)).toEqual({ 'report.f': 'F' });
  });

  it.each(readdirSync(dir).filter((f) => f.endsWith('.yaml')))('%s: the parts hold every text once', (file) => {
    const text = readFileSync(join(dir, file), 'utf8');
    const split = splitInterfaceTexts(text);
    const whole = table(text);
    const tables = Object.values(split).map(table);
    const [c] = [table(split.reports)];
    const keys = tables.flatMap((t) => Object.keys(t));
    expect(keys.length).toBe(new Set(keys).size);
    expect(Object.assign({}, ...tables)).toEqual(whole);
    // Every language's part holds the keys of English's (each file has the same section headings).
    const english = splitInterfaceTexts(readFileSync(join(dir, 'en.yaml'), 'utf8'));
    for (const part of Object.keys(TEXT_PARTS) as TextPart[])
      expect(Object.keys(table(split[part])).sort(), part).toEqual(Object.keys(table(english[part])).sort());
    // The account part holds exactly the account keys.
    const account = table(split.account);
    expect(Object.keys(account).length).toBeGreaterThan(50);
    expect(Object.keys(account).filter((k) => !ACCOUNT_KEY.test(k))).toEqual([]);
    expect(keys.filter((k) => ACCOUNT_KEY.test(k) && !Object.hasOwn(account, k))).toEqual([]);
    // The outcomes part holds exactly the risk-reduction panel's keys.
    const outcomes = table(split.outcomes);
    expect(Object.keys(outcomes).length).toBeGreaterThan(20);
    expect(Object.keys(outcomes).filter((k) => !OUTCOMES_KEY.test(k))).toEqual([]);
    expect(keys.filter((k) => OUTCOMES_KEY.test(k) && !Object.hasOwn(outcomes, k))).toEqual([]);
    // The reports part holds exactly the report keys: a missing text's part is told from its key.
    expect(Object.keys(c).length).toBeGreaterThan(20);
    expect(Object.keys(c).filter((k) => !REPORT_KEY.test(k))).toEqual([]);
    expect(keys.filter((k) => REPORT_KEY.test(k) && !Object.hasOwn(c, k))).toEqual([]);
  });
});

/**
 * Code that only staff pages render: the admin center, the dashboards, their charts, grids and forms
 * (`<ManifestForm>`, its lazy loader and its text per language render the admin forms only).
 */
const STAFF_CODE =
  /src\/web\/(pages\/(admin|dashboard)\/|components\/(charts|grid)\/|components\/form\/((lazy-)?manifest-form|per-language-field)|i18n\/)/;
const sourceFiles = (folder: string): string[] =>
  readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.tsx?$/.test(name) ? [path] : [];
  });

it('no page outside the staff pages reads a staff-section text (it would wait for their chunk)', () => {
  const staffKeys = new Set(Object.keys(table(splitInterfaceTexts(readFileSync(join(dir, 'en.yaml'), 'utf8')).staff)));
  expect(staffKeys.size).toBeGreaterThan(100);
  const web = join(import.meta.dirname, '../../../src/web');
  const misplaced = sourceFiles(web)
    .filter((file) => !STAFF_CODE.test(file.replace(/\\/g, '/')))
    .flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/'([a-z_]+(?:\.[a-z0-9_]+)+)'/g)]
        .map((m) => m[1]!)
        .filter((key) => staffKeys.has(key))
        .map((key) => `${file}: ${key}`),
    );
  expect(misplaced).toEqual([]);
});

/** Code that only the self-assessment, report and staff pages render. */
const REPORTS_CODE = /src\/web\/(pages\/(reports|assessment|dashboard|admin)|components\/(reports|charts|grid)|i18n)\//;

it('no page outside the report, self-assessment and staff pages reads a reports-part text', () => {
  const reportKeys = new Set(Object.keys(table(splitInterfaceTexts(readFileSync(join(dir, 'en.yaml'), 'utf8')).reports)));
  const web = join(import.meta.dirname, '../../../src/web');
  const misplaced = sourceFiles(web)
    .filter((file) => !REPORTS_CODE.test(file.replace(/\\/g, '/')))
    .flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/'([a-z_]+(?:\.[a-z0-9_]+)+)'/g)]
        .map((m) => m[1]!)
        .filter((key) => reportKeys.has(key))
        .map((key) => `${file}: ${key}`),
    );
  expect(misplaced).toEqual([]);
});

/** Code that only the sign-in, registration, single sign-on, client choice, profile and password pages render. */
const ACCOUNT_CODE = /src\/web\/(pages\/(auth|profile)|i18n)\//;

it('no page outside the sign-in and profile pages reads an account-part text (the public and guidance pages do not carry them)', () => {
  const accountKeys = new Set(Object.keys(table(splitInterfaceTexts(readFileSync(join(dir, 'en.yaml'), 'utf8')).account)));
  const web = join(import.meta.dirname, '../../../src/web');
  const misplaced = sourceFiles(web)
    .filter((file) => !ACCOUNT_CODE.test(file.replace(/\\/g, '/')))
    .flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/'([a-z_]+(?:\.[a-z0-9_-]+)+)'/g)]
        .map((m) => m[1]!)
        .filter((key) => accountKeys.has(key))
        .map((key) => `${file}: ${key}`),
    );
  expect(misplaced).toEqual([]);
});

it("keeps the admin center's shared words (permissions, e-mail template names, audit entries) where every admin page finds them", () => {
  // The permissions, e-mail templates, send-notification and audit-log pages load the staff part
  // only: a name of theirs in another part (the equipment part, say) would show as its raw key.
  const split = splitInterfaceTexts(readFileSync(join(dir, 'en.yaml'), 'utf8'));
  const shared = /^admin\.(permission|template_name|audit\.action)\./;
  const elsewhere = (Object.keys(TEXT_PARTS) as TextPart[])
    .filter((part) => part !== 'staff')
    .flatMap((part) =>
      Object.keys(table(split[part]))
        .filter((key) => shared.test(key))
        .map((key) => `${part}: ${key}`),
    );
  expect(elsewhere).toEqual([]);
  expect(Object.keys(table(split.staff))).toContain('admin.template_name.equipment_approved');
});
