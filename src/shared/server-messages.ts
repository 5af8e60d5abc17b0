/**
 * Server messages with variable parts (SPEC §2: the interface speaks the reader's language; SPEC §8:
 * the API keeps sending its English text). A refusal that names a row, a limit or a value travels as
 * the English sentence (`errors`, for API clients, unchanged) plus a stable `code` and its `params`;
 * the web app shows the interface text `msg.<code>` with the same {placeholders} in the reader's
 * language (src/web/i18n/texts.ts `messageText`). The English here is the English of
 * content/interface/en.yaml, word for word (tests/unit/i18n/server-messages.test.ts).
 */
export const SERVER_MESSAGES = {
  // User CSV import (src/server/api/users/user-import.ts)
  'import.not_csv': 'Only CSV files are allowed.',
  'import.unclosed_quote': 'The CSV file has an unclosed quote.',
  'import.no_users': 'The CSV file has no users: it needs a header row and at least one user.',
  'import.missing_columns': "The CSV file's header must name the columns {columns} (region is optional); missing: {missing}.",
  'import.too_many_rows': 'A file may hold at most {max} users; split it into smaller files.',
  'import.formula_cell': 'The {column} cell starts with =, +, -, @ or a tab: spreadsheet formulas are not accepted.',
  'import.role_required': 'User Role field is required',
  'import.unknown_role': 'Unknown role: {role}',
  'import.super_admin_role': 'Only a Super_admin may give the Super_admin role.',
  'import.client_required': 'Client is required',
  'import.unknown_client': 'Unknown client: {client}',
  'import.unknown_region': 'Region {region} is not a region of {client}',
  'import.duplicate_email': 'This e-mail appears twice in the file (first on row {first})',
  'import.email_taken': 'The email has already been taken.',
  'import.not_imported': 'No users were imported: row {row}: {problems}',
  // Send notification (src/server/api/notifications/admin-notifications.ts)
  'notify.unknown_recipients': 'These e-mail addresses are not active users: {emails}',
  'notify.too_many_recipients': 'A notification may go to at most {max} users.',
  // A client's own wording (src/server/api/clients/client-texts.ts)
  'texts.unknown_key': 'Unknown text key: {keys}.',
  'texts.placeholder_missing': 'The text for {key} must keep {missing}.',
  // Survey-tool imports (src/server/api/survey-reports/survey-csv.ts, survey-handlers.ts)
  'survey.empty': 'The file is empty.',
  'survey.missing_columns': 'The file has no {columns} column.',
  'survey.no_responses': 'The file has no responses.',
  'survey.response_id': 'Row {row}: the Response ID is missing or too long.',
  'survey.date': 'Row {row}: Date Submitted is not a date.',
  'survey.unknown_email': 'Row {row}: no {client} user has the e-mail "{email}".',
  // One-to-one evaluations (src/server/api/evaluation-requests/, src/server/api/evaluations/): states, requests' states and steps are terms
  'evaluation.not_possible': '"{transition}" is not possible while the report is {state}.',
  'evaluation.author_only': 'Only the evaluator who wrote the report can "{transition}".',
  'evaluation.not_author': '"{transition}" must be done by another evaluator, not the report\'s author.',
  'evaluation.reason_needed': 'Give a reason to "{transition}".',
  'evaluation.locked': 'The report cannot be changed while it is {state}.',
  'evaluation.now_in_state': 'The report is now {state}.',
  'evaluation.progress_each': 'Please say for each of the {count} recommendations whether it is done, in progress or not done.',
  'request.not_schedulable': 'This request is {status}; it cannot be scheduled.',
  'request.already_closed': 'This request is already {status}.',
  'request.not_startable': 'This request is {status}; an evaluation cannot be started from it.',
  'request.taken': '{evaluator} has already taken this request.',
  'request.started_by': '{evaluator} has already started the report for this request.',
} as const;

export type ServerMessageCode = keyof typeof SERVER_MESSAGES;

/**
 * A word the interface already has a text for (a report state, a request state, a workflow step):
 * its interface key (`staff.status.<state>`, `staff.request_status.<state>`, `staff.transition.<name>`)
 * and the English the API has always sent in its place.
 */
export interface Term {
  readonly term: `${TermKind}.${string}`;
  readonly english: string;
}
export type TermKind = 'staff.status' | 'staff.request_status' | 'staff.transition';
export const term = (kind: TermKind, code: string, english: string): Term => ({ term: `${kind}.${code}`, english });

/**
 * A parameter: a value shown as it is, a term in the reader's words, or further messages (a row's
 * problems) shown in the reader's language, joined by "; ".
 */
export type MessageParam = string | number | Term | readonly CodedMessage[];
export type MessageParams = Readonly<Record<string, MessageParam>>;

/** A message by code with its parameters, as the API sends it beside the English text. */
export interface CodedMessage {
  readonly code: ServerMessageCode;
  readonly params: MessageParams;
}

export const coded = (code: ServerMessageCode, params: MessageParams = {}): CodedMessage => ({ code, params });

/** Fills {name} placeholders of a template; each nested message is worded by `word` (English by default). */
export function fillMessage(template: string, params: MessageParams, word: (message: CodedMessage) => string = englishOf): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!Object.hasOwn(params, name)) return whole;
    const value = params[name]!;
    if (typeof value !== 'object') return String(value);
    return 'term' in value ? value.english : value.map(word).join('; ');
  });
}

/** The English sentence of a coded message, as the API's `errors` carries it. */
export function englishOf(message: CodedMessage): string {
  return fillMessage(SERVER_MESSAGES[message.code], message.params);
}

/** A refusal a helper returns to its handler ({status, message}), with the message's code beside its English. */
export function codedRefusal<S extends number>(status: S, message: CodedMessage): { status: S; message: string; coded: CodedMessage } {
  return { status, message: englishOf(message), coded: message };
}

/** Whether a value from an answer is a coded message this product knows (the web app's check before translating). */
export function isCodedMessage(value: unknown): value is CodedMessage {
  if (!value || typeof value !== 'object') return false;
  const { code, params } = value as Record<string, unknown>;
  return typeof code === 'string' && Object.hasOwn(SERVER_MESSAGES, code) && !!params && typeof params === 'object';
}
