import { OBSERVATION_SECTIONS } from '../../../shared/evaluations/observation-form';
import { localizeSections, type EvaluationTextTable } from '../../../shared/evaluations/evaluation-texts';

export interface ReportObservation {
  /** The form section's title (Chair, Screens …); "Other observations" for a note the form no longer names. */
  readonly section: string;
  /** The field's label; empty for such a note. */
  readonly label: string;
  readonly text: string;
}

/** The words a report needs around the answers, in its language (report-texts.ts). */
export interface AnswerWords {
  readonly yes: string;
  readonly no: string;
  readonly other: string;
}

/**
 * The ergonomist's observations as the employee reads them (SPEC §1, §2), in the form's order: each
 * under its section title and field label, a choice as its option's label, several choices as their
 * labels joined, yes/no as the words Yes/No, all in the table's language (content/evaluations/texts/);
 * free text as the ergonomist wrote it. Never an internal key or option value: an answer the form no
 * longer offers is left out, and free text under a key the form no longer has (older reports) is kept
 * under "Other observations".
 */
export function reportObservations(
  answers: Readonly<Record<string, unknown>>,
  table: EvaluationTextTable | undefined,
  words: AnswerWords,
  language: string,
): ReportObservation[] {
  const join = language === 'cn' || language === 'ja' ? '、' : '; ';
  const known = new Set<string>();
  const out: ReportObservation[] = [];
  for (const section of localizeSections(OBSERVATION_SECTIONS, table)) {
    for (const field of section.fields) {
      known.add(field.key);
      const value = answers[field.key];
      const optionLabel = (v: unknown) => field.options?.find((o) => o.value === v)?.label;
      let text: string | undefined;
      if (field.type === 'text') text = typeof value === 'string' && value.trim() ? value : undefined;
      else if (field.type === 'yesno') text = value === 'yes' ? words.yes : value === 'no' ? words.no : undefined;
      else if (field.type === 'multi')
        text = Array.isArray(value)
          ? value
              .map(optionLabel)
              .filter((l): l is string => !!l)
              .join(join) || undefined
          : undefined;
      else text = optionLabel(value);
      if (text) out.push({ section: section.title, label: field.label, text });
    }
  }
  for (const [key, value] of Object.entries(answers))
    if (!known.has(key) && typeof value === 'string' && value.trim()) out.push({ section: words.other, label: '', text: value });
  return out;
}
