/**
 * The help centre loads only the reader's language (SPEC §2): for each English section or tutorial,
 * that language's own file, or the English file while a translation is missing; never another
 * language's file.
 */
import { describe, expect, it } from 'vitest';
import { HELP_FILES, languageLoaders, type HelpKind } from '../../../src/web/pages/help/help-content';
import { INTERFACE_LANGUAGES } from '../../../src/web/i18n/language';

const pathOf = (files: Record<string, unknown>, loader: unknown) => Object.keys(files).find((path) => files[path] === loader);
const KINDS: HelpKind[] = ['sections', 'tutorials'];

describe('the help centre files a reader downloads', () => {
  it.each(INTERFACE_LANGUAGES)('in %s: one file per English file, each in that language', (language) => {
    for (const kind of KINDS) {
      const files = HELP_FILES[kind];
      const english = languageLoaders(files, kind, 'en').map((loader) => pathOf(files, loader)!);
      expect(english.length, kind).toBe(kind === 'sections' ? 5 : 4);
      const paths = languageLoaders(files, kind, language).map((loader) => pathOf(files, loader)!);
      const folder = language === 'en' ? 'content/help/' : `content/help/${language}/`;
      expect(paths).toEqual(english.map((path) => path.replace('content/help/', folder)));
    }
  });

  it('reads an untranslated file in English and leaves out files English does not have', () => {
    const paths = [
      '../../../../content/help/general-ergo.md',
      '../../../../content/help/my-data.md',
      '../../../../content/help/ja/general-ergo.md',
      '../../../../content/help/ja/retired.md',
      '../../../../content/help/ko/my-data.md',
    ];
    const each = Object.fromEntries(paths.map((path) => [path, () => Promise.reject(new Error(path))]));
    expect(languageLoaders(each, 'sections', 'ja').map((l) => pathOf(each, l))).toEqual([
      '../../../../content/help/ja/general-ergo.md',
      '../../../../content/help/my-data.md',
    ]);
  });
});
