/** SPEC §2 client-editing sub-pages: the scopes whose wording a client may change per language. */
export const CLIENT_TEXT_PAGES = [
  { scope: 'self-assessment', label: 'Self-assessment texts' },
  { scope: 'self-assessment-lab', label: 'Lab self-assessment texts' },
  { scope: 'ergo-eval', label: 'Evaluation request texts' },
  { scope: 'ergo-eval-lab', label: 'Lab evaluation request texts' },
  { scope: 'cms', label: 'Home page texts' },
] as const;

/**
 * SPEC §2: the languages of the per-language sub-pages, by the product's codes; `tag` is the BCP 47
 * language tag for the lang attribute (the product's "cn" is Simplified Chinese, zh-Hans).
 */
export const CLIENT_TEXT_LANGUAGES = [
  { code: 'en', tag: 'en', name: 'English' },
  { code: 'es', tag: 'es', name: 'Español' },
  { code: 'pt', tag: 'pt', name: 'Português' },
  { code: 'cn', tag: 'zh-Hans', name: '中文' },
  { code: 'ja', tag: 'ja', name: '日本語' },
  { code: 'ko', tag: 'ko', name: '한국어' },
  { code: 'fr', tag: 'fr', name: 'Français' },
  { code: 'de', tag: 'de', name: 'Deutsch' },
] as const;
