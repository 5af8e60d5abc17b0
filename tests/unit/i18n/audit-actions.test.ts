import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { evaluationWorkflow } from '../../../generated/workflows';
import { AUDIT_ACTIONS, auditActionKey } from '../../../src/shared/audit-actions';
import { INTERFACE_LANGUAGES } from '../../../src/web/i18n/language';

/**
 * SPEC §2 /admin/audit-log-viewer words each action in the reader's language: every action the server
 * writes (the `action:` of each audit entry in src/server, a workflow transition as
 * `evaluation.<name>`) is one of src/shared/audit-actions.ts, and each of those has its words in the
 * eight languages, never the English left in another language.
 */
const root = resolve(import.meta.dirname, '../../..');
const read = (language: string) =>
  parse(readFileSync(join(root, 'content/interface', `${language}.yaml`), 'utf8')) as Record<string, string>;
const texts = Object.fromEntries(INTERFACE_LANGUAGES.map((l) => [l, read(l)]));
const server = execFileSync('git', ['ls-files', '-z', 'src/server'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter((f) => /\.ts$/.test(f))
  .map((f) => readFileSync(join(root, f), 'utf8'))
  .join('\n');

/** Every quoted action of an audit entry: `action: 'user.updated'` and both sides of `action: a ? 'x' : 'y'`. */
const written = [
  ...new Set([...server.matchAll(/action: ([^,\n]+),/g)].flatMap((m) => [...m[1]!.matchAll(/'([a-z_.]+)'/g)].map((q) => q[1]!))),
];

describe('audit actions in the reader’s words', () => {
  it('every action the server writes is in the list', () => {
    expect(written.length).toBeGreaterThan(50);
    expect(written.filter((a) => !(AUDIT_ACTIONS as readonly string[]).includes(a))).toEqual([]);
    // Transitions are written as `evaluation.${transition.name}` (fire-transition.ts).
    expect(server).toContain('action: `evaluation.${transition.name}`');
    for (const t of evaluationWorkflow.transitions) expect(AUDIT_ACTIONS).toContain(`evaluation.${t.name}`);
  });

  for (const language of INTERFACE_LANGUAGES) {
    it(`${language} words every action`, () => {
      const missing = AUDIT_ACTIONS.filter((a) => !texts[language]![auditActionKey(a)]?.trim());
      expect(missing).toEqual([]);
      if (language !== 'en') {
        const english = AUDIT_ACTIONS.filter((a) => texts[language]![auditActionKey(a)] === texts.en![auditActionKey(a)]);
        expect(english, 'left in English').toEqual([]);
      }
    });
  }
});
