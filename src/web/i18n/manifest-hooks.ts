import { useMemo, useState } from 'react';
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

/**
 * The reader's lookup, the same function until the language or its texts change, so a memo that
 * lists it is rebuilt exactly then (useT's translator is a new function on every render). The lookup
 * is kept as state adjusted during render, React's pattern for deriving from a changed input.
 */
export function useLookup(): Lookup {
  const t = useT();
  const language = useLanguage();
  const loaded = useInterfaceTexts((s) => Boolean(s.tables[language]));
  const version = `${language}:${loaded}`;
  const [kept, keep] = useState(() => ({ version, lookup: lookupWith(t) }));
  if (kept.version === version) return kept.lookup;
  const next = { version, lookup: lookupWith(t) };
  keep(next);
  return next.lookup;
}

/**
 * A manifest grid (generated/grids.ts) with its headings, filters, actions and words in the
 * reader's language; ManifestGrid uses it, so every grid page gets it.
 */
export function useGridTexts<G extends GridDefinition<string, string, string>>(grid: G): G {
  const tr = useLookup();
  return useMemo(() => mapGridTexts(grid, tr), [grid, tr]);
}
