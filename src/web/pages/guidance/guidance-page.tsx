import { useEffect, useMemo } from 'react';
import { Link } from '../../app/history';
import type { PageProps } from '../../app/page-props';
import type { RouteDefinition } from '../../../shared/model';
import { guidanceFileKey } from '../../../shared/signed-in-pages';
import { ContentView } from '../../components/content/content-view';
import { lazyDocuments, preloadContent, useContent } from '../../components/content/use-content';
import { useLinkTarget } from '../../components/links/app-link';
import { useLanguage, useT } from '../../i18n/texts';
import { useGuideTitles } from '../../components/content/use-guide-titles';
import { titlePrefix } from '../../../../generated/branding';
import { href } from '../../../../generated/routes';

/** The guidance documents (guidance-documents.ts), whose index loads only when a document is needed. */
const pages = lazyDocuments(() => import('./guidance-documents').then((m) => m.guidanceDocuments));

/** Fetches the page's document together with its chunk, while the session still loads (page-registry preloadPage). */
export const preload = (route: RouteDefinition) => preloadContent(pages, route.contentSlug ? guidanceFileKey(route.contentSlug) : null);

/** A guidance page of the employee site (SPEC §2 content pages), ending with the self-assessment. */
export default function GuidancePage({ route }: PageProps) {
  const key = route.contentSlug ? guidanceFileKey(route.contentSlug) : null;
  const doc = useContent(pages, key);
  // The title and summary in the reader's language (content/guide-titles), once they have arrived.
  const heading = useGuideTitles(useLanguage())?.[key ?? ''];
  const shown = useMemo(
    () => (doc && heading ? { ...doc, meta: { ...doc.meta, title: heading.title, summary: heading.summary } } : doc),
    [doc, heading],
  );
  useEffect(() => {
    if (!heading) return undefined;
    // After the shell's own title effect (app/shell-effects.ts), which knows only the route's English title.
    const frame = requestAnimationFrame(() => {
      document.title = `${titlePrefix} - ${heading.title}`;
    });
    return () => cancelAnimationFrame(frame);
  }, [heading]);
  const target = useLinkTarget();
  const t = useT();
  // The next step the client offers: the self-assessment, or a 1:1 evaluation where it is turned off.
  const assessment = target(href('self_assessment_signup'));
  const evaluation = assessment ? null : target(href('schedule_eval'));
  return (
    <>
      <ContentView doc={shown} fallbackTitle={heading?.title ?? route.title} />
      {(assessment || evaluation) && (
        <aside className="content-page" aria-label={t('equipment.next_step')}>
          <div className="panel">
            <h2>{t('guidance.check_setup')}</h2>
            {assessment ? (
              <>
                <p>{t('guidance.assessment_text')}</p>
                <Link className="button" to={assessment}>
                  {t('guidance.take_assessment')}
                </Link>
              </>
            ) : (
              <>
                <p>{t('guidance.evaluation_text')}</p>
                <Link className="button" to={evaluation!}>
                  {t('guidance.request_evaluation')}
                </Link>
              </>
            )}
          </div>
        </aside>
      )}
    </>
  );
}
