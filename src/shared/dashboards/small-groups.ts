/**
 * Small-group suppression (SPEC §1 "who sees what"): a figure about fewer than five employees could
 * point at a person (one person's discomfort, the result of the only employee in a region), so it is
 * shown as "fewer than 5" instead of a number. The server applies it before figures leave it; the
 * browser only shows the label.
 */
export const MIN_GROUP_SIZE = 5;
export const FEWER_THAN_MIN = `fewer than ${MIN_GROUP_SIZE}`;

/** A figure computed over `groupSize` employees: the value, or null when the group is too small. */
export function suppressed<T>(groupSize: number, value: T): T | null {
  return groupSize >= MIN_GROUP_SIZE ? value : null;
}

/**
 * A count of one to four people inside a larger group: shown beside the group it would point at them
 * ("2 overdue of 40"), so a figure built on it is withheld too.
 */
export const isFew = (people: number): boolean => people > 0 && people < MIN_GROUP_SIZE;
