/**
 * A small seeded generator (a linear congruential one, Numerical Recipes' constants) for the demo
 * data that must come out the same on every new database: the same seed gives the same sequence.
 */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
