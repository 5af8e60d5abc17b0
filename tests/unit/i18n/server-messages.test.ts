import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SERVER_MESSAGES, coded, englishOf, isCodedMessage, term, type ServerMessageCode } from '../../../src/shared/server-messages';
import { evaluationWorkflow } from '../../../generated/workflows';
import { SUPER_ADMIN_ROLE_ONLY } from '../../../src/server/domain/roles/super-admin-guard';
import { IMPORT_COLUMNS } from '../../../src/server/api/users/user-import';
import { fill } from '../../../src/web/i18n/fill';

const folder = resolve(import.meta.dirname, '../../../content/interface');
const read = (language: string) => parse(readFileSync(resolve(folder, `${language}.yaml`), 'utf8')) as Record<string, string>;
const en = read('en');

describe('SPEC §2 server messages with variable parts, by code (src/shared/server-messages.ts)', () => {
  it.each(Object.keys(SERVER_MESSAGES))('%s: the interface text msg.<code> is the server’s English, word for word', (code) => {
    expect(en[`msg.${code}`]).toBe(SERVER_MESSAGES[code as ServerMessageCode]);
  });

  it('words the same sentence the API sent before codes existed', () => {
    expect(englishOf(coded('import.super_admin_role'))).toBe(SUPER_ADMIN_ROLE_ONLY);
    expect(englishOf(coded('import.missing_columns', { columns: IMPORT_COLUMNS.join(', '), missing: 'role, client' }))).toBe(
      "The CSV file's header must name the columns first_name, last_name, email, role, client, region (region is optional); missing: role, client.",
    );
    expect(
      englishOf(
        coded('import.not_imported', {
          row: 4,
          problems: [coded('import.unknown_role', { role: 'Pilot' }), coded('import.client_required')],
        }),
      ),
    ).toBe('No users were imported: row 4: Unknown role: Pilot; Client is required');
  });

  it('fills a translation with the same parameters (German)', () => {
    const de = read('de');
    const { code, params } = coded('import.duplicate_email', { first: 3 });
    expect(fill(de[`msg.${code}`]!, params as Record<string, number>)).toBe(
      'Diese E-Mail-Adresse kommt in der Datei zweimal vor (zuerst in Zeile 3)',
    );
  });

  it('has an interface text for every term a message may carry (report states, workflow steps, request states)', () => {
    for (const state of evaluationWorkflow.states) expect(en[term('staff.status', state.key, state.label).term], state.key).toBeTruthy();
    for (const step of evaluationWorkflow.transitions)
      expect(en[term('staff.transition', step.name, step.label).term], step.name).toBeTruthy();
    for (const status of ['requested', 'scheduled', 'cancelled', 'completed'])
      expect(en[term('staff.request_status', status, status).term], status).toBeTruthy();
    expect(englishOf(coded('request.already_closed', { status: term('staff.request_status', 'cancelled', 'cancelled') }))).toBe(
      'This request is already cancelled.',
    );
  });

  it('recognises only codes it knows', () => {
    expect(isCodedMessage({ code: 'import.unknown_role', params: { role: 'x' } })).toBe(true);
    expect(isCodedMessage({ code: 'import.nothing', params: {} })).toBe(false);
    expect(isCodedMessage({ code: 'import.unknown_role' })).toBe(false);
    expect(isCodedMessage(null)).toBe(false);
  });
});
