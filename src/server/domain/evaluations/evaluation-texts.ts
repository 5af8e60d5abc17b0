import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import YAML from 'yaml';
import { assessmentLanguage } from '../assessments/engine';
import type { EvaluationTextTable } from '../../../shared/evaluations/evaluation-texts';

/** content/evaluations/texts/: the evaluation's building blocks in every language but English (README.md there). */
const TEXTS_DIR = resolve(import.meta.dirname, '../../../../content/evaluations/texts');
const tables = new Map<string, EvaluationTextTable | undefined>();

/**
 * The overlay of a language, read from disk once per process; undefined for English (the JSON files
 * are English) and for a language the product does not speak, so those read as English (SPEC §2).
 */
export function evaluationTexts(language: string | null | undefined): EvaluationTextTable | undefined {
  const lang = assessmentLanguage(language);
  if (lang === 'en') return undefined;
  const file = resolve(TEXTS_DIR, `${lang}.yaml`);
  // A missing file reads as English; tests/unit/evaluations/evaluation-texts.test.ts requires every one.
  if (!tables.has(lang))
    tables.set(lang, existsSync(file) ? ((YAML.parse(readFileSync(file, 'utf8')) ?? {}) as EvaluationTextTable) : undefined);
  return tables.get(lang);
}
