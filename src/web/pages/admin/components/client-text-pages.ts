/** SPEC §2 client-editing sub-pages: the scopes whose wording a client may change per language. */
export const CLIENT_TEXT_PAGES = [
  { scope: 'self-assessment', label: 'Self-assessment texts' },
  { scope: 'self-assessment-lab', label: 'Lab self-assessment texts' },
  { scope: 'ergo-eval', label: 'Evaluation request texts' },
  { scope: 'ergo-eval-lab', label: 'Lab evaluation request texts' },
  { scope: 'cms', label: 'Home page texts' },
] as const;

/** SPEC §2: the languages of the per-language sub-pages. */
export const CLIENT_TEXT_LANGUAGES = [
  { code: 'en', name: 'English' }, { code: 'es', name: 'Español' }, { code: 'pt', name: 'Português' }, { code: 'cn', name: '中文' },
  { code: 'ja', name: '日本語' }, { code: 'ko', name: '한국어' }, { code: 'fr', name: 'Français' }, { code: 'de', name: 'Deutsch' },
] as const;
