import { useMemo } from 'react';
import type { GridDefinition } from '../../shared/grid';
import { mapGridTexts, type Lookup } from './manifest-texts';
import { currentT, hasKey, useInterfaceTexts, useLanguage, useT, type T } from './texts';

/** A manifest text by its key in the reader's language, else the manifest's English (manifest-texts.ts). */
export const lookupWith =
  (t: T): Lookup =>
  (key, english, values) =>
    hasKey(key) ? t(key, values) : english;

/** The current lookup for code outside components (a form's validator). */
export const currentLookup = (): Lookup => lookupWith(currentT());

/** The reader's lookup and a version that changes when the language or its texts do (for useMemo). */
export function useLookup(): readonly [Lookup, string] {
  const t = useT();
  const language = useLanguage();
  const loaded = useInterfaceTexts((s) => Boolean(s.tables[language]));
  return [lookupWith(t), `${language}:${loaded}`];
}

/**
 * A manifest grid (generated/grids.ts) with its headings, filters, actions and words in the
 * reader's language; ManifestGrid uses it, so every grid page gets it.
 */
export function useGridTexts<G extends GridDefinition<string, string, string>>(grid: G): G {
  const [tr, version] = useLookup();
  // `version` stands for tr (a new function each render).
  return useMemo(() => mapGridTexts(grid, tr), [grid, version]);
}
