/**
 * The evaluation's building blocks in the reader's language (SPEC §1, §2: en es pt cn ja ko fr de).
 * English lives in content/evaluations/*.json; every other language is an overlay,
 * content/evaluations/texts/<language>.yaml, a flat table of text key → text:
 *
 *   s.<section id>.title / s.<section id>.help
 *   f.<field key>.label / f.<field key>.help / f.<field key>.opt.<option value>
 *   r.<recommendation key>.title / r.<recommendation key>.text
 *
 * A text an overlay lacks reads in English. The server reads the overlays from disk
 * (src/server/domain/evaluations/evaluation-texts.ts); the staff pages import only the reader's language.
 */
import {
  OBSERVATION_SECTIONS,
  RECOMMENDATION_CATALOGUE,
  type CatalogueEntry,
  type ObservationField,
  type ObservationSection,
} from './observation-form';

export type EvaluationTextTable = Readonly<Record<string, string>>;

/** Every text key of the two JSON files with its English text, in file order. */
export function englishEvaluationTexts(): Map<string, string> {
  const texts = new Map<string, string>();
  for (const s of OBSERVATION_SECTIONS) {
    texts.set(`s.${s.id}.title`, s.title);
    if (s.help) texts.set(`s.${s.id}.help`, s.help);
    for (const f of s.fields) {
      texts.set(`f.${f.key}.label`, f.label);
      if (f.help) texts.set(`f.${f.key}.help`, f.help);
      for (const o of f.options ?? []) texts.set(`f.${f.key}.opt.${o.value}`, o.label);
    }
  }
  for (const r of RECOMMENDATION_CATALOGUE) {
    texts.set(`r.${r.key}.title`, r.title);
    texts.set(`r.${r.key}.text`, r.text);
  }
  return texts;
}

const pick = (table: EvaluationTextTable | undefined, key: string, english: string) => {
  const text = table?.[key];
  return typeof text === 'string' && text.trim() ? text : english;
};

function localizeField(f: ObservationField, table: EvaluationTextTable | undefined): ObservationField {
  return {
    ...f,
    label: pick(table, `f.${f.key}.label`, f.label),
    ...(f.help ? { help: pick(table, `f.${f.key}.help`, f.help) } : {}),
    ...(f.options ? { options: f.options.map((o) => ({ value: o.value, label: pick(table, `f.${f.key}.opt.${o.value}`, o.label) })) } : {}),
  };
}

/** Observation sections with their titles, help, labels and option labels in the table's language. */
export function localizeSections(sections: readonly ObservationSection[], table: EvaluationTextTable | undefined): ObservationSection[] {
  return sections.map((s) => ({
    ...s,
    title: pick(table, `s.${s.id}.title`, s.title),
    ...(s.help ? { help: pick(table, `s.${s.id}.help`, s.help) } : {}),
    fields: s.fields.map((f) => localizeField(f, table)),
  }));
}

/** A catalogue recommendation with its title and text in the table's language. */
export function localizeEntry(entry: CatalogueEntry, table: EvaluationTextTable | undefined): CatalogueEntry {
  return { ...entry, title: pick(table, `r.${entry.key}.title`, entry.title), text: pick(table, `r.${entry.key}.text`, entry.text) };
}
