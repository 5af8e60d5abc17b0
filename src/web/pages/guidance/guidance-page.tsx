import { Link } from 'react-router-dom';
import type { PageProps } from '../../app/page-props';
import type { RouteDefinition } from '../../../shared/model';
import { guidanceFileKey } from '../../../shared/signed-in-pages';
import { ContentView } from '../../components/content/content-view';
import { lazyDocuments, preloadContent, useContent } from '../../components/content/use-content';

/** The guidance documents (guidance-documents.ts), whose index loads only when a document is needed. */
const pages = lazyDocuments(() => import('./guidance-documents').then((m) => m.guidanceDocuments));

/** Fetches the page's document together with its chunk, while the session still loads (page-registry preloadPage). */
export const preload = (route: RouteDefinition) => preloadContent(pages, route.contentSlug ? guidanceFileKey(route.contentSlug) : null);

/** A guidance page of the employee site (SPEC §2 content pages), ending with the self-assessment. */
export default function GuidancePage({ route }: PageProps) {
  const doc = useContent(pages, route.contentSlug ? guidanceFileKey(route.contentSlug) : null);
  return (
    <>
      <ContentView doc={doc} fallbackTitle={route.title} />
      <aside className="content-page" aria-label="Next step">
        <div className="panel">
          <h2>Check your own set-up</h2>
          <p>The self-assessment takes about ten minutes, can be repeated as often as you like, and your report is ready in minutes.</p>
          <Link className="button" to="/user/self_assessment">Take a self-assessment</Link>
        </div>
      </aside>
    </>
  );
}
