import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useLanguage, useT } from '../../i18n/texts';
import { useSession } from '../../session/store';
import { useLinkTarget } from '../links/app-link';
import type { ContentDoc } from './use-content';
import { interfaceWords } from './interface-words';
import { splitAtRoutine } from '../../../shared/routine-split';
import './content.css';

/** Only a page with a routine loads the timer (guidance pages are at their JavaScript budget). */
const StretchTimer = lazy(() => import('./stretch-timer'));

/** Our own build-time HTML (content/ is authored by us, never by users), plus the stretch timer. */
export function ContentView({ doc, fallbackTitle }: { doc: ContentDoc | null | undefined; fallbackTitle: string }) {
  const signedIn = useSession((s) => !!s.user);
  const target = useLinkTarget();
  const t = useT();
  const language = useLanguage();
  // The pictures' text alternatives in the reader's language (illustration-texts.ts), once they arrive.
  const [alts, setAlts] = useState<{ language: string; swap: (html: string) => string } | null>(null);
  const pictured = !!doc?.html.includes(' data-illustration="');
  useEffect(() => {
    if (language === 'en' || !pictured) return undefined;
    let live = true;
    void import('./illustration-texts').then((m) => m.illustrationAlts(language)).then((swap) => live && setAlts({ language, swap }));
    return () => { live = false; };
  }, [language, pictured]);
  // A signed-in reader follows only links they can open, at their own area's address (link-access.ts):
  // a guide shared with the branded sub-site links to its branded twins, and a link to a section the
  // client does not offer is shown as plain text rather than leading to a 404.
  const linked = useMemo(() => (doc && signedIn ? doc.html.replace(/<a href="(\/[^"]*)"([^>]*)>([\s\S]*?)<\/a>/g, (whole, href: string, rest: string, inner: string) => {
    const to = target(href.replace(/&amp;/g, '&'));
    if (to === null) return inner;
    return to === href ? whole : `<a href="${to}"${rest}>${inner}</a>`;
  }) : doc?.html ?? ''), [doc, signedIn, target]);
  const html = useMemo(() => {
    const words = interfaceWords(linked, t);
    return alts && alts.language === language ? alts.swap(words) : words;
  }, [linked, t, alts, language]);
  const routine = useMemo(() => splitAtRoutine(html), [html]);
  if (doc === undefined) return <section className="content-page" aria-busy="true"><h1>{fallbackTitle}</h1><p role="status">{t('page.loading')}</p></section>;
  if (doc === null) {
    return (
      <section className="content-page">
        <h1>{fallbackTitle}</h1>
        <div className="panel"><p>{t('guidance.coming_soon')}</p></div>
      </section>
    );
  }
  return (
    <article className="content-page">
      <h1>{doc.meta.title}</h1>
      {doc.meta.summary && <p className="lead">{doc.meta.summary}</p>}
      {routine.after ? (
        <>
          {/* The cautions before the Start button, so they are read before starting (SPEC §2 guidance). */}
          <div className="content-body" dangerouslySetInnerHTML={{ __html: routine.before }} />
          <Suspense fallback={<div className="stretch-timer stretch-timer-waiting" />}>
            <StretchTimer html={html} />
          </Suspense>
          <div className="content-body" dangerouslySetInnerHTML={{ __html: routine.after }} />
        </>
      ) : (
        <div className="content-body" dangerouslySetInnerHTML={{ __html: html }} />
      )}
    </article>
  );
}
