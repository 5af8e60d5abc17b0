import { useEffect } from 'react';
import { create } from 'zustand';
import type { EvaluationTextTable } from '../../../../shared/evaluations/evaluation-texts';
import { useLanguage } from '../../../i18n/texts';

/**
 * The evaluation form's overlays (content/evaluations/texts/<language>.yaml), one lazy chunk per
 * language: only the evaluator pages import this module, and they fetch only their reader's language,
 * so employee and public pages never carry these staff texts (SPEC §1, §2).
 */
const loaders = import.meta.glob<{ default: EvaluationTextTable }>('../../../../../content/evaluations/texts/*.yaml');
const useTables = create<Partial<Record<string, EvaluationTextTable>>>()(() => ({}));
const pending = new Set<string>();

/**
 * The overlay of the reader's interface language; undefined in English, and while it is on its way
 * (the form reads in English for that moment). Pass it to localizeSections / localizeEntry.
 */
export function useEvaluationTexts(): EvaluationTextTable | undefined {
  const language = useLanguage();
  const table = useTables((s) => s[language]);
  useEffect(() => {
    const load = loaders[`../../../../../content/evaluations/texts/${language}.yaml`];
    if (table || !load || pending.has(language)) return;
    pending.add(language);
    load()
      .then(
        (m) => useTables.setState({ [language]: m.default }),
        () => undefined,
      )
      .finally(() => pending.delete(language));
  }, [language, table]);
  return table;
}
