import type { Kysely } from 'kysely';
import type { Caller } from '../../context';
import type { Database } from '../../db/schema';
import { parseDataUrl } from '../../../shared/validation/images';
import { validateForm } from '../../../shared/validation/validate-form';
import { FORMULA_START } from '../../http/csv';
import { SUPER_ADMIN } from '../../domain/roles/role-names';
import { parseCsv } from './csv-parse';
import { coded, englishOf, type CodedMessage } from '../../../shared/server-messages';

/**
 * CSV user import (SPEC §5 "Import file: required; only CSV allowed"). Each row is checked with the
 * user form's own schema and messages (names at most 20, valid e-mail, role, client) plus what a
 * file adds: the role and client must exist and be allowed for this administrator, an e-mail may
 * appear once in the file and must not belong to an existing user.
 */
export const IMPORT_MAX_ROWS = 5000;
export const IMPORT_COLUMNS = ['first_name', 'last_name', 'email', 'role', 'client', 'region'] as const;
const REQUIRED_COLUMNS = ['first_name', 'last_name', 'email', 'role', 'client'];

export interface ImportRow {
  row: number;
  first_name: string;
  last_name: string;
  email: string;
  role_id: number;
  client_id: number;
  region: string | null;
  role: string;
  client: string;
}
/**
 * A row's problems: `errors` in English (the API's words), `codes` beside them: the coded message of
 * each (src/shared/server-messages.ts), or null for a user-form message, which the web app words by
 * the form's own texts.
 */
export interface ImportRowErrors {
  row: number;
  email: string;
  errors: string[];
  codes: (CodedMessage | null)[];
}
export interface ImportCheck {
  rows: ImportRow[];
  errors: ImportRowErrors[];
}

/** parseCsv's refusals as coded messages. */
const CSV_REFUSALS: Readonly<Record<string, CodedMessage>> = {
  'Only CSV files are allowed.': coded('import.not_csv'),
  'The CSV file has an unclosed quote.': coded('import.unclosed_quote'),
};

function rowErrors(row: number, email: string, problems: readonly (CodedMessage | string)[]): ImportRowErrors {
  return {
    row,
    email,
    errors: problems.map((p) => (typeof p === 'string' ? p : englishOf(p))),
    codes: problems.map((p) => (typeof p === 'string' ? null : p)),
  };
}

/** The file's text from the form's data URL (what the file widget sends) or plain text. */
function fileText(value: string): string | null {
  if (!value.startsWith('data:')) return value;
  const file = parseDataUrl(value);
  if (!file) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(file.bytes);
  } catch {
    return null;
  }
}

/** The rows and their problems, or why the whole file is refused. */
export async function checkImport(db: Kysely<Database>, caller: Caller, value: string): Promise<ImportCheck | CodedMessage> {
  const text = fileText(value);
  if (text === null) return coded('import.not_csv');
  const parsed = parseCsv(text);
  if (typeof parsed === 'string') return CSV_REFUSALS[parsed] ?? coded('import.not_csv');
  if (parsed.length < 2) return coded('import.no_users');
  const header = parsed[0].map((h) => h.trim().toLowerCase());
  const missing = REQUIRED_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length) return coded('import.missing_columns', { columns: IMPORT_COLUMNS.join(', '), missing: missing.join(', ') });
  if (parsed.length - 1 > IMPORT_MAX_ROWS) return coded('import.too_many_rows', { max: IMPORT_MAX_ROWS });

  const [roles, clients] = await Promise.all([
    db.selectFrom('roles').select(['id', 'name', 'display_name']).execute(),
    db.selectFrom('clients').select(['id', 'company_name', 'company_code', 'regions']).execute(),
  ]);
  const roleBy = new Map<string, (typeof roles)[number]>();
  for (const r of roles) {
    roleBy.set(r.name.toLowerCase(), r);
    roleBy.set(r.display_name.toLowerCase(), r);
  }
  const clientBy = new Map<string, (typeof clients)[number]>();
  for (const c of clients) {
    clientBy.set(c.company_code.toLowerCase(), c);
    clientBy.set(c.company_name.toLowerCase(), c);
  }

  const cell = (cells: string[], name: string) => (cells[header.indexOf(name)] ?? '').trim();
  const emails = parsed
    .slice(1)
    .map((cells) => cell(cells, 'email').toLowerCase())
    .filter(Boolean);
  const existing = new Set<string>();
  for (let i = 0; i < emails.length; i += 1000) {
    const chunk = emails.slice(i, i + 1000);
    const found = await db
      .selectFrom('users')
      .select('email')
      .where((eb) => eb(eb.fn('lower', ['email']), 'in', chunk))
      .execute();
    for (const f of found) existing.add(f.email.toLowerCase());
  }

  const firstSeen = new Map<string, number>();
  const result: ImportCheck = { rows: [], errors: [] };
  parsed.slice(1).forEach((cells, index) => {
    const rowNumber = index + 2; // as a spreadsheet numbers it, header on row 1
    const values = {
      first_name: cell(cells, 'first_name'),
      last_name: cell(cells, 'last_name'),
      email: cell(cells, 'email'),
      role: cell(cells, 'role'),
      client: cell(cells, 'client'),
      region: cell(cells, 'region'),
    };
    // OWASP "CSV Injection": a cell a spreadsheet would run as a formula is refused, not stored.
    const formulas = header.filter((name, i) => name && FORMULA_START.test(cells[i] ?? ''));
    if (formulas.length) {
      result.errors.push(
        rowErrors(
          rowNumber,
          values.email,
          formulas.map((column) => coded('import.formula_cell', { column })),
        ),
      );
      return;
    }
    const role = roleBy.get(values.role.toLowerCase());
    const client = clientBy.get(values.client.toLowerCase());
    const fields = validateForm('user', {
      first_name: values.first_name,
      last_name: values.last_name,
      email: values.email,
      role_id: role?.id ?? 0,
      client_id: client?.id ?? 0,
    });
    const errors: (CodedMessage | string)[] = Object.entries(fields)
      .filter(([field]) => field !== 'role_id' && field !== 'client_id')
      .map(([, m]) => m);
    if (!values.role) errors.push(coded('import.role_required'));
    else if (!role) errors.push(coded('import.unknown_role', { role: values.role }));
    else if (role.name === SUPER_ADMIN && caller.roleName !== SUPER_ADMIN) errors.push(coded('import.super_admin_role'));
    if (!values.client) errors.push(coded('import.client_required'));
    else if (!client) errors.push(coded('import.unknown_client', { client: values.client }));
    else if (values.region && !(client.regions as unknown as string[]).includes(values.region))
      errors.push(coded('import.unknown_region', { region: values.region, client: client.company_name }));
    const key = values.email.toLowerCase();
    if (key && firstSeen.has(key)) errors.push(coded('import.duplicate_email', { first: firstSeen.get(key)! }));
    else if (key) firstSeen.set(key, rowNumber);
    if (key && existing.has(key)) errors.push(coded('import.email_taken'));
    if (errors.length) result.errors.push(rowErrors(rowNumber, values.email, errors));
    else
      result.rows.push({
        row: rowNumber,
        first_name: values.first_name,
        last_name: values.last_name,
        email: values.email,
        role_id: role!.id,
        client_id: client!.id,
        region: values.region || null,
        role: role!.display_name,
        client: client!.company_name,
      });
  });
  return result;
}
