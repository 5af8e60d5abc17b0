/** WCAG 2.2 SC 2.3.3: no animation for readers who asked their system for less motion. */
export const prefersReducedMotion = () => typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/**
 * Series colours: each at least 3:1 against white (WCAG 1.4.11 non-text contrast) and told apart by
 * more than hue — every series also has its own dash pattern or point shape and its name in the legend.
 */
export const SERIES = [
  { color: '#1f5f99', dash: [] as number[], point: 'circle' },
  { color: '#a0460a', dash: [6, 3], point: 'rect' },
  { color: '#a4262c', dash: [2, 2], point: 'triangle' },
  { color: '#2d6a31', dash: [8, 2, 2, 2], point: 'rectRot' },
] as const;
