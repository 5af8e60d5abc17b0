import type { ContentDoc } from '../../components/content/use-content';

/** content/site/<language>/<name>.md by `<language>/<name>`, each document its own chunk (site-documents.ts). */
export const siteTranslations: Readonly<Record<string, () => Promise<ContentDoc>>> = Object.fromEntries(
  Object.entries(import.meta.glob<ContentDoc>('../../../../content/site/*/*.md', { import: 'default' })).map(([path, load]) => [
    path.split('/').slice(-2).join('/').replace(/\.md$/, ''),
    load,
  ]),
);
