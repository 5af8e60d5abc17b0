/**
 * Locale-free ordering for everything the generator writes (docs/architecture.md "Locale-free ordering", after
 * TanStack router-generator's `multiSortBy`): strings compare by UTF-16 code units with `<` / `>`,
 * never `localeCompare` or `Intl.Collator`, whose order follows LC_ALL / LANG (Slovak sorts "ch"
 * after "h"), and ties fall back to the original position, so the output is the same on every machine.
 */
export type SortKey<T> = (item: T) => string | number;

/** -1, 0 or 1 by code units (strings) or by value (numbers); the same in every locale. */
export function compareValues(a: string | number, b: string | number): number {
  if (a < b) return -1;
  if (a > b) return 1;
  return 0;
}

/** A copy of `items` ordered by each key in turn, then by original index as the final tie-breaker. */
export function sortBy<T>(items: readonly T[], ...keys: SortKey<T>[]): T[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort((x, y) => {
      for (const key of keys) {
        const order = compareValues(key(x.item), key(y.item));
        if (order !== 0) return order;
      }
      return x.index - y.index;
    })
    .map((entry) => entry.item);
}

/** A sorted copy of a list of strings (file names, route names), locale-free. */
export function sortTexts(texts: readonly string[]): string[] {
  return sortBy(texts, (text) => text);
}
