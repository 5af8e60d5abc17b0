import { Link } from 'react-router-dom';
import type { PageProps } from '../../app/page-props';
import type { RouteDefinition } from '../../../shared/model';
import { guidanceFileKey } from '../../../shared/signed-in-pages';
import { ContentView } from '../../components/content/content-view';
import { lazyDocuments, preloadContent, useContent } from '../../components/content/use-content';
import { useLinkTarget } from '../../components/links/app-link';

/** The guidance documents (guidance-documents.ts), whose index loads only when a document is needed. */
const pages = lazyDocuments(() => import('./guidance-documents').then((m) => m.guidanceDocuments));

/** Fetches the page's document together with its chunk, while the session still loads (page-registry preloadPage). */
export const preload = (route: RouteDefinition) => preloadContent(pages, route.contentSlug ? guidanceFileKey(route.contentSlug) : null);

/** A guidance page of the employee site (SPEC §2 content pages), ending with the self-assessment. */
export default function GuidancePage({ route }: PageProps) {
  const doc = useContent(pages, route.contentSlug ? guidanceFileKey(route.contentSlug) : null);
  const target = useLinkTarget();
  // The next step the client offers: the self-assessment, or a 1:1 evaluation where it is turned off.
  const assessment = target('/user/self_assessment_signup');
  const evaluation = assessment ? null : target('/user/schedule_eval');
  return (
    <>
      <ContentView doc={doc} fallbackTitle={route.title} />
      {(assessment || evaluation) && (
        <aside className="content-page" aria-label="Next step">
          <div className="panel">
            <h2>Check your own set-up</h2>
            {assessment ? (
              <>
                <p>
                  The self-assessment takes about ten minutes, can be repeated as often as you like, and your report is ready in minutes.
                </p>
                <Link className="button" to={assessment}>
                  Take a self-assessment
                </Link>
              </>
            ) : (
              <>
                <p>
                  An ergonomist can look at your set-up with you in a one-to-one video call; the report follows in 2 to 5 business days.
                </p>
                <Link className="button" to={evaluation!}>
                  Request an evaluation
                </Link>
              </>
            )}
          </div>
        </aside>
      )}
    </>
  );
}
