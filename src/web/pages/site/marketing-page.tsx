import type { PageProps } from '../../app/page-props';
import type { RouteDefinition } from '../../../shared/model';
import { ContentView } from '../../components/content/content-view';
import { preloadContent, useContent } from '../../components/content/use-content';
import { currentLanguage, useLanguage } from '../../i18n/texts';
import { sitePages, siteKey } from './site-documents';

/** Fetches the page's document, in the reader's language, together with its chunk (page-registry preloadPage). */
export const preload = (route: RouteDefinition) => preloadContent(sitePages, siteKey(route.contentSlug, currentLanguage()));

/** A public marketing page (SPEC §1, §2): content/site/<route content slug>.md, or its translation. */
export default function MarketingPage({ route }: PageProps) {
  const doc = useContent(sitePages, siteKey(route.contentSlug, useLanguage()));
  return <ContentView doc={doc} fallbackTitle={route.title} />;
}
