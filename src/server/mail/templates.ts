import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { BuiltInTemplate } from '../../shared/mail/built-in-templates';

export type TemplateVariables = Readonly<Record<string, string>>;

const VARIABLE = /\{\{\s*([a-z_]+)\s*\}\}/g;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * Fills {{variables}} in a template. The subject is one line whatever a variable holds (no header
 * injection); in the HTML form every variable is escaped. Unknown variables render empty.
 */
export function renderTemplate(template: { subject: string; content: string }, variables: TemplateVariables) {
  const fill = (text: string, escape: (v: string) => string) => text.replace(VARIABLE, (_m, key: string) => escape(variables[key] ?? ''));
  const subject = fill(template.subject, (v) => v)
    .replace(/[\r\n]+/g, ' ')
    .trim();
  const text = fill(template.content, (v) => v);
  const html = fill(escapeHtml(template.content), escapeHtml).replace(/\n/g, '<br>\n');
  return { subject, text, html };
}

/** The names of the variables a template uses, for the editor's help text. */
export function templateVariables(content: string): string[] {
  return [...new Set([...content.matchAll(VARIABLE)].map((m) => m[1]))].sort();
}

/** Renders a stored template by name, or null when it does not exist. */
export async function renderStored(db: Kysely<Database>, name: BuiltInTemplate, variables: TemplateVariables) {
  const template = await db.selectFrom('email_templates').select(['subject', 'content']).where('name', '=', name).executeTakeFirst();
  return template ? renderTemplate(template, variables) : null;
}
