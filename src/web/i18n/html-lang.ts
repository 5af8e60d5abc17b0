import { useEffect } from 'react';
import { HTML_LANG } from './language';
import { loadTexts, useLanguage } from './texts';

/**
 * Keeps <html lang> on the reader's language (WCAG 3.1.1 Language of Page) and fetches that
 * language's texts; pre-rendered pages arrive in English and switch after the first render.
 */
export function useDocumentLanguage(): void {
  const language = useLanguage();
  useEffect(() => {
    void loadTexts(language);
    document.documentElement.lang = HTML_LANG[language];
  }, [language]);
}
