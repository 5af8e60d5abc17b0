import type { PageProps } from '../../app/page-props';
import { ContentView } from '../../components/content/content-view';
import { byBaseName, useContent, type ContentDoc } from '../../components/content/use-content';

/** content/branded/<path segment with "/" as "--">.md for the branded sub-site (SPEC §2). */
const pages = byBaseName(import.meta.glob<ContentDoc>('../../../../content/branded/*.md', { import: 'default' }));

export default function BrandedPage({ route }: PageProps) {
  const doc = useContent(pages, route.contentSlug ? route.contentSlug.replace(/\//g, '--') : null);
  return <ContentView doc={doc} fallbackTitle={route.title} />;
}
