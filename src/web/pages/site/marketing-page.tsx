import type { PageProps } from '../../app/page-props';
import type { RouteDefinition } from '../../../shared/model';
import { ContentView } from '../../components/content/content-view';
import { byBaseName, preloadContent, useContent, type ContentDoc } from '../../components/content/use-content';

const pages = byBaseName(import.meta.glob<ContentDoc>('../../../../content/site/*.md', { import: 'default' }));

/** Fetches the page's document together with its chunk (page-registry preloadPage). */
export const preload = (route: RouteDefinition) => preloadContent(pages, route.contentSlug);

/** A public marketing page (SPEC §1, §2): content/site/<route content slug>.md. */
export default function MarketingPage({ route }: PageProps) {
  const doc = useContent(pages, route.contentSlug);
  return <ContentView doc={doc} fallbackTitle={route.title} />;
}
