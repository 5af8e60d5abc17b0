import type { GridAction, GridColumn, GridDefinition, GridFilter } from '../../shared/grid';

/**
 * The words of manifest grids and forms (manifest/grids, manifest/forms) in the reader's language
 * (SPEC §2). The manifest keeps the English; each text has an interface key whose English is exactly
 * the manifest's (tests/unit/i18n/manifest-texts.test.ts), and a text without a key stays as the
 * manifest wrote it, so a grid or form no page has translated yet still reads in English.
 *
 * Grid keys: `grid.<grid>.<field>` (heading), `grid.<grid>.<field>.<value>` (a value's words),
 * `.blank`, `.describe`; `grid.<grid>.noun_one|noun|empty|search`; `grid.<grid>.filter.<param>`
 * (`.all`, `.<value>`); `grid.<grid>.action.<label>` (`.describe`).
 * Form keys: `form.<form>.form_title`, `form.<form>.<field>` (title), `.help`, `.placeholder`,
 * `.<option>` (ui:enumNames), `.<rule>` (a message, also a custom rule's); the shared rules' own
 * messages are `form.rule.*` (RULE_MESSAGES); a message that reads exactly
 * "<title> field is required" or "<title> may not be greater than <n> characters" uses the shared
 * `form.required` / `form.max_chars` with the translated title.
 *
 * `npx tsx src/web/i18n/manifest-keys.ts grid:users form:client` prints the English keys to add.
 */

/** Looks a text up by key, with the manifest's English when the key has no text (yet). */
export type Lookup = (key: string, english: string, values?: Readonly<Record<string, string | number>>) => string;

/** "Take A Self-Assessment" → take_a_self_assessment. */
export const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

/** Whether a text has words to translate (not "—", not only `{field}` placeholders). */
export const wordy = (text: string | null | undefined): text is string => !!text && /\p{L}{2,}/u.test(text.replace(/\{[^}]*\}/g, ''));

const maybe = (tr: Lookup, key: string, text: string | null) => (wordy(text) ? tr(key, text) : text);
const mapValues = <V>(record: Readonly<Record<string, V>>, f: (key: string, value: V) => V) =>
  Object.fromEntries(Object.entries(record).map(([k, v]) => [k, f(k, v)]));

function column(tr: Lookup, g: string, c: GridColumn): GridColumn {
  const at = `grid.${g}.${c.field}`;
  return {
    ...c,
    heading: tr(at, c.heading),
    labels: c.labels && mapValues(c.labels, (value, words) => maybe(tr, `${at}.${slug(value)}`, words) as string),
    blank: maybe(tr, `${at}.blank`, c.blank) as string,
    link: c.link && { ...c.link, describe: maybe(tr, `${at}.describe`, c.link.describe) },
  };
}

function filter(tr: Lookup, g: string, f: GridFilter): GridFilter {
  const at = `grid.${g}.filter.${f.param}`;
  return {
    ...f,
    label: tr(at, f.label),
    all: f.input === 'select' ? (maybe(tr, `${at}.all`, f.all) as string) : f.all,
    values: f.values && f.values.map((v) => ({ ...v, label: maybe(tr, `${at}.${slug(v.value)}`, v.label) as string })),
  };
}

function action(tr: Lookup, g: string, a: GridAction): GridAction {
  const at = (text: string) => `grid.${g}.action.${slug(text)}`;
  return {
    ...a,
    label: tr(at(a.label), a.label),
    heading: tr(at(a.heading), a.heading),
    describe: maybe(tr, `${at(a.label)}.describe`, a.describe),
    otherwise: maybe(tr, at(a.otherwise ?? ''), a.otherwise),
  };
}

/** A grid declaration with its words looked up (tr collects the keys too: manifest-keys.ts). */
export function mapGridTexts<G extends GridDefinition<string, string, string>>(grid: G, tr: Lookup): G {
  const g = grid.name;
  return {
    ...grid,
    noun: [tr(`grid.${g}.noun_one`, grid.noun[0]), tr(`grid.${g}.noun`, grid.noun[1])],
    empty: maybe(tr, `grid.${g}.empty`, grid.empty),
    search: maybe(tr, `grid.${g}.search`, grid.search),
    columns: grid.columns.map((c) => column(tr, g, c)),
    filters: grid.filters.map((f) => filter(tr, g, f)),
    actions: grid.actions.map((a) => action(tr, g, a)),
  };
}

type Json = Record<string, unknown>;
/** The parts of a generated form (generated/forms.ts) that carry words. */
export interface FormTexts {
  readonly schema: Json;
  readonly uiSchema: Json;
  readonly messages: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** The custom rules (SPEC §5), whose `options.message` is the manifest's own words. */
  readonly rules?: readonly { readonly field: string; readonly rule: string; readonly options: Readonly<Record<string, unknown>> }[];
}

/**
 * The shared rules' own messages (src/shared/validation/rules.ts, attachments.ts): the English
 * pattern, its key and the names of the values it carries. A rule's `label` (e.g. logo) is looked
 * up as `form.rule.label.<label>`.
 */
const RULE_MESSAGES: readonly (readonly [RegExp, string, readonly string[]])[] = [
  [/^These e-mail addresses are not valid: (.+)$/, 'form.rule.emails_invalid', ['list']],
  [/^Please enter a valid e-mail address\.$/, 'form.rule.email_invalid', []],
  [/^Please enter a valid domain name: (.+)$/, 'form.rule.domain_invalid', ['list']],
  [/^Please enter a valid YouTube, Vimeo or Wistia video URL\.$/, 'form.rule.video_url', []],
  [/^Only CSV files are allowed\.$/, 'form.rule.csv_only', []],
  [/^This field is required$/, 'form.rule.required', []],
  [/^The values do not match\.$/, 'form.rule.mismatch', []],
  [/^Please upload the file with a valid extension: doc, pdf, png, jpg, svg\.$/, 'msg.attachment_extension', []],
  [/^The attachment is not a real doc, pdf, png, jpg or svg file\.$/, 'form.rule.attachment_content', []],
  [/^The (\w+) must be an image of type: (.+)\.$/, 'form.rule.image_type', ['label', 'types']],
  [/^The (\w+) may not be greater than (\d+) kilobytes\.$/, 'form.rule.image_size', ['label', 'max']],
  [/^The (\w+) is not a readable image\.$/, 'form.rule.image_unreadable', ['label']],
  [/^The (\w+) must be upto (\d+) X (\d+) pixels$/, 'form.rule.image_dimensions', ['label', 'width', 'height']],
  [/^The (\w+) must be an image file\.$/, 'form.rule.image_file', ['label']],
  // An attachment or image refused for what it holds (svg-safety.ts, file-structure.ts): the reason is `form.rule.reason.<reason>`.
  [/^The (\w+) is refused: the SVG contains (.+)\.$/, 'form.rule.svg_refused', ['label', 'reason']],
  [/^The (\w+) is refused: the file (.+)\.$/, 'form.rule.file_refused', ['label', 'reason']],
];

/** A shared rule's message in the reader's words, or null when the text is none of them. */
export function ruleMessage(tr: Lookup, english: string): string | null {
  for (const [pattern, key, names] of RULE_MESSAGES) {
    const found = pattern.exec(english);
    if (!found) continue;
    const values = Object.fromEntries(names.map((name, i) => [name, found[i + 1]!]));
    if (values.label) values.label = tr(`form.rule.label.${slug(values.label)}`, values.label);
    if (values.reason) values.reason = tr(`form.rule.reason.${slug(values.reason)}`, values.reason);
    return tr(key, english, values);
  }
  return null;
}

const UI_TEXTS = { 'ui:help': 'help', 'ui:placeholder': 'placeholder', 'ui:description': 'description', 'ui:title': 'title' } as const;

/**
 * A form's schema titles, ui texts and messages looked up by key, and `message`: a message the form
 * shows (its own validator's or the server's, both in the manifest's English) in the reader's words.
 */
export function mapFormTexts(name: string, form: FormTexts, tr: Lookup): FormTexts & { message: (english: string) => string } {
  const at = `form.${name}`;
  const properties = (form.schema.properties ?? {}) as Record<string, Json>;
  const englishTitle = (field: string) => (properties[field]?.title as string | undefined) ?? field;
  const title = (field: string) => tr(`${at}.${field}`, englishTitle(field));
  const schema: Json = {
    ...form.schema,
    ...(typeof form.schema.title === 'string' ? { title: tr(`${at}.form_title`, form.schema.title) } : {}),
    properties: mapValues(properties, (field, p) => (typeof p.title === 'string' ? { ...p, title: title(field) } : p)),
  };
  // Options shown as their stored value (a string enum without ui:enumNames) get names of their own.
  const enumUi: Json = {};
  for (const [field, p] of Object.entries(properties)) {
    const values = (p.enum ?? (p.items as Json | undefined)?.enum) as unknown[] | undefined;
    const ui = form.uiSchema[field] as Json | undefined;
    if (!values?.every((v) => typeof v === 'string') || ui?.['ui:enumNames'] || !values.some((v) => wordy(v as string))) continue;
    enumUi[field] = { ...ui, 'ui:enumNames': values.map((v) => maybe(tr, `${at}.${field}.${slug(v as string)}`, v as string)) };
  }
  const uiSchema = mapValues({ ...form.uiSchema, ...enumUi }, (field, ui) => {
    if (field in enumUi) return ui;
    if (!ui || typeof ui !== 'object' || field.startsWith('ui:')) return ui;
    const out: Json = { ...(ui as Json) };
    for (const [option, part] of Object.entries(UI_TEXTS))
      if (typeof out[option] === 'string') out[option] = maybe(tr, `${at}.${field}.${part}`, out[option] as string);
    const names = out['ui:enumNames'];
    if (Array.isArray(names)) out['ui:enumNames'] = names.map((n: string) => maybe(tr, `${at}.${field}.${slug(n)}`, n));
    return out;
  });
  const byEnglish = new Map<string, () => string>();
  for (const [field, rules] of Object.entries(form.messages)) {
    const english = englishTitle(field);
    for (const [rule, text] of Object.entries(rules)) {
      if (byEnglish.has(text)) continue;
      const max = new RegExp(`^${english.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} may not be greater than (\\d+) characters$`).exec(text);
      byEnglish.set(
        text,
        text === `${english} field is required`
          ? () => tr('form.required', text, { field: title(field) })
          : max
            ? () => tr('form.max_chars', text, { field: title(field), max: Number(max[1]) })
            : () => tr(`${at}.${field}.${rule}`, text),
      );
    }
  }
  for (const { field, rule, options } of form.rules ?? []) {
    const text = options.message;
    if (typeof text === 'string' && !byEnglish.has(text)) byEnglish.set(text, () => tr(`${at}.${field}.${slug(rule)}`, text));
  }
  const known = new Map([...byEnglish].map(([english, text]) => [english, text()]));
  const messages = mapValues(form.messages, (_field, rules) => mapValues(rules, (_rule, text) => known.get(text)!));
  return { schema, uiSchema, messages, message: (english) => known.get(english) ?? ruleMessage(tr, english) ?? english };
}
