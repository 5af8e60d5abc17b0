import { readFileSync, readdirSync } from 'node:fs';
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
