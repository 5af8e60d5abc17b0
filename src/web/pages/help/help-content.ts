import { useEffect, useState } from 'react';
import type { ContentDoc } from '../../components/content/use-content';
import type { InterfaceLanguage } from '../../i18n/language';

type Loader = () => Promise<ContentDoc>;
export type HelpKind = 'sections' | 'tutorials';

/**
 * The help centre in every interface language (SPEC §2): English in content/help/ (sections) and
 * content/help/tutorials/, each other language in content/help/<language>/ with the same file names.
 * Every file is its own lazily loaded chunk, so a reader downloads only their own language.
 */
export const HELP_FILES: Record<HelpKind, Record<string, Loader>> = {
  sections: import.meta.glob<ContentDoc>(['../../../../content/help/*.md', '../../../../content/help/*/*.md', '!**/tutorials/*.md'], {
    import: 'default',
  }),
  tutorials: import.meta.glob<ContentDoc>(['../../../../content/help/tutorials/*.md', '../../../../content/help/*/tutorials/*.md'], {
    import: 'default',
  }),
};

const ROOT = '../../../../content/help/';
const folder = (kind: HelpKind, language: InterfaceLanguage) =>
  `${ROOT}${language === 'en' ? '' : `${language}/`}${kind === 'tutorials' ? 'tutorials/' : ''}`;
const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1, -'.md'.length);

/**
 * The loaders of a language's sections or tutorials, one per English file (English is the reference:
 * its file names are the help centre's sections and tutorials); a file not yet translated is read in
 * English.
 */
export function languageLoaders(files: Readonly<Record<string, Loader>>, kind: HelpKind, language: InterfaceLanguage): Loader[] {
  const english = Object.keys(files).filter((path) => path === `${folder(kind, 'en')}${baseName(path)}.md`);
  return english.map((path) => files[`${folder(kind, language)}${baseName(path)}.md`] ?? files[path]!);
}

const byOrder = (a: ContentDoc, b: ContentDoc) => Number(a.meta.order ?? 0) - Number(b.meta.order ?? 0);

const loaded = new Map<string, readonly ContentDoc[]>();
const pending = new Map<string, Promise<readonly ContentDoc[]>>();

/**
 * The sections or tutorials in a language, in their `order`; a file not yet translated is read in
 * English. Fetched once per language; a failed fetch may be retried.
 */
export function loadHelp(kind: HelpKind, language: InterfaceLanguage): Promise<readonly ContentDoc[]> {
  const id = `${kind}:${language}`;
  const done = loaded.get(id);
  if (done) return Promise.resolve(done);
  const existing = pending.get(id);
  if (existing) return existing;
  const started = Promise.all(languageLoaders(HELP_FILES[kind], kind, language).map((load) => load()))
    .then((docs) => {
      const sorted = [...docs].sort(byOrder);
      loaded.set(id, sorted);
      return sorted;
    })
    .finally(() => pending.delete(id));
  pending.set(id, started);
  return started;
}

/** The sections or tutorials in the reader's language: `undefined` while they load, `null` if they failed. */
export function useHelp(kind: HelpKind, language: InterfaceLanguage): readonly ContentDoc[] | null | undefined {
  const [, setArrived] = useState<readonly ContentDoc[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const id = `${kind}:${language}`;
  useEffect(() => {
    // The page's preload may have finished between this render and the effect: render once more.
    const done = loaded.get(id);
    if (done) {
      setArrived(done);
      return undefined;
    }
    let live = true;
    loadHelp(kind, language).then(
      (docs) => {
        if (live) setArrived(docs);
      },
      () => {
        if (live) setFailed(id);
      },
    );
    return () => {
      live = false;
    };
  }, [id, kind, language]);
  if (failed === id) return null;
  return loaded.get(id);
}
