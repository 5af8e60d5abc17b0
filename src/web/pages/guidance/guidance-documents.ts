import { byBaseName, type ContentDoc } from '../../components/content/use-content';

/** content/guidance/<section>/<slug with & as "and">.md (content/README.md), each its own chunk. */
export const guidanceDocuments = byBaseName(import.meta.glob<ContentDoc>('../../../../content/guidance/**/*.md', { import: 'default' }));
