import { useEffect } from 'react';
import { create } from 'zustand';
import { findingLabel, type FindingLabel } from '../../../shared/assessment/finding-title';
import { useLanguage } from '../../i18n/texts';

/**
 * The self-assessment findings by their id in the reader's language, from the questionnaire texts
 * (content/assessments/texts/<language>.yaml, the words the employee's report uses), one small lazy
 * chunk of finding titles per language (`?findings`, src/web/build/interface-texts-plugin.ts): the
 * managers' charts and tables receive ids and word them here (SPEC §1 what programme managers see).
 */
const loaders = import.meta.glob<{ default: Record<string, string> }>('../../../../content/assessments/texts/*.yaml', {
  query: '?findings',
});
const useTables = create<Partial<Record<string, Record<string, string>>>>()(() => ({}));
const pending = new Set<string>();

/** The reader's finding words, or null while they are on their way (the chart waits rather than show ids). */
export function useFindingLabels(): FindingLabel | null {
  const language = useLanguage();
  const table = useTables((s) => s[language]);
  useEffect(() => {
    const load =
      loaders[`../../../../content/assessments/texts/${language}.yaml`] ?? loaders['../../../../content/assessments/texts/en.yaml'];
    if (table || !load || pending.has(language)) return;
    pending.add(language);
    load()
      .then(
        (m) => useTables.setState({ [language]: m.default }),
        // Unreachable words must not hold the chart back: the findings then read as their spaced ids.
        () => useTables.setState({ [language]: {} }),
      )
      .finally(() => pending.delete(language));
  }, [language, table]);
  return table ? findingLabel(table) : null;
}
