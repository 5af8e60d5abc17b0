import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { STAFF_SECTIONS, splitInterfaceTexts } from '../../../src/web/build/interface-texts-plugin';

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
      `# ── ${STAFF_SECTIONS[1]} ──`,
      'staff.e: E',
    ].join('\n');
    const { core, staff } = splitInterfaceTexts(text);
    expect(table(core)).toEqual({ 'shell.a': 'A', 'employee.d': 'D' });
    expect(table(staff)).toEqual({ 'admin.b': 'B', 'admin.c': 'C: with a colon', 'staff.e': 'E' });
  });

  it.each(readdirSync(dir).filter((f) => f.endsWith('.yaml')))('%s: the two parts hold every text once', (file) => {
    const text = readFileSync(join(dir, file), 'utf8');
    const { core, staff } = splitInterfaceTexts(text);
    const whole = table(text);
    const [a, b] = [table(core), table(staff)];
    expect(Object.keys(a).filter((k) => Object.hasOwn(b, k))).toEqual([]);
    expect({ ...a, ...b }).toEqual(whole);
  });
});

/** Code that only staff pages render: the admin center, the dashboards, their charts, grids and forms. */
const STAFF_CODE = /src\/web\/(pages\/(admin|dashboard)|components\/(charts|grid)|i18n)\//;
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
