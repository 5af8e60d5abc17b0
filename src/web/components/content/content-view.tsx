import { useMemo } from 'react';
import { useT } from '../../i18n/texts';
import { useSession } from '../../session/store';
import { useLinkTarget } from '../links/app-link';
import type { ContentDoc } from './use-content';
import { StretchTimer, type Stretch } from './stretch-timer';
import { interfaceWords } from './interface-words';
import './content.css';

/** Our own build-time HTML (content/ is authored by us, never by users), plus the stretch timer. */
export function ContentView({ doc, fallbackTitle }: { doc: ContentDoc | null | undefined; fallbackTitle: string }) {
  const stretches = useMemo<Stretch[]>(() => {
    if (!doc) return [];
    return [...doc.html.matchAll(/<li data-seconds="(\d+)"><strong>([^<]+)<\/strong>/g)].map((m) => ({ seconds: Number(m[1]), name: m[2].replace(/&amp;/g, '&') }));
  }, [doc]);
  const signedIn = useSession((s) => !!s.user);
  const target = useLinkTarget();
  const t = useT();
  // A signed-in reader follows only links they can open, at their own area's address (link-access.ts):
  // a guide shared with the branded sub-site links to its branded twins, and a link to a section the
  // client does not offer is shown as plain text rather than leading to a 404.
  const linked = useMemo(() => (doc && signedIn ? doc.html.replace(/<a href="(\/[^"]*)"([^>]*)>([\s\S]*?)<\/a>/g, (whole, href: string, rest: string, inner: string) => {
    const to = target(href.replace(/&amp;/g, '&'));
    if (to === null) return inner;
    return to === href ? whole : `<a href="${to}"${rest}>${inner}</a>`;
  }) : doc?.html ?? ''), [doc, signedIn, target]);
  const html = useMemo(() => interfaceWords(linked, t), [linked, t]);
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
      {stretches.length > 0 && <StretchTimer stretches={stretches} />}
      <div className="content-body" dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}
