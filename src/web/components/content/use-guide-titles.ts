import { useEffect, useState } from 'react';
import type { InterfaceLanguage } from '../../i18n/language';
import type { GuideHeadings } from './guide-titles';

const loaded = new Map<InterfaceLanguage, GuideHeadings>();

/**
 * The guidance pages' titles and summaries in the reader's language (content/guide-titles/, SPEC §2
 * guidance): `null` for English (the documents hold them) and while another language's table is on
 * its way, when pages show the English ones. Fetched once per language.
 */
export function useGuideTitles(language: InterfaceLanguage): GuideHeadings | null {
  const [, setArrived] = useState<GuideHeadings | null>(null);
  useEffect(() => {
    if (language === 'en' || loaded.has(language)) return undefined;
    let live = true;
    import('./guide-titles')
      .then((m) => m.loadGuideTitles(language))
      .then(
        (table) => {
          loaded.set(language, table);
          if (live) setArrived(table);
        },
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [language]);
  return language === 'en' ? null : (loaded.get(language) ?? null);
}
