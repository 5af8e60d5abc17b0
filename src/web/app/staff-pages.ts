import type { PageModule } from './page-props';

/**
 * The loaders of the staff pages (the admin center and the dashboards): a chunk of its own, fetched
 * with the first staff page a reader opens, so that their loaders and style-sheet lists stay out of
 * every page's main script (page-weight bench); page-registry.ts lists the other pages itself.
 */
export const staffPages = import.meta.glob<PageModule>([
  '../pages/admin/**/*.tsx',
  '../pages/dashboard/**/*.tsx',
  '!../pages/**/*.test.tsx',
  '!../pages/**/components/**',
]);
