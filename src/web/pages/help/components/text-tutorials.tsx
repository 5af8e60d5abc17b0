import { Link } from '../../../app/history';
import { useLinkTarget } from '../../../components/links/app-link';
import { useLanguage, useT } from '../../../i18n/texts';
import { useHelp } from '../help-content';

/**
 * SPEC §2 help centre "dashboard tutorials": written step by step, each shown only to a reader who
 * can open the page it teaches (its `opens` path, checked by the same canAccess as the menus), so
 * nobody is taught a page they cannot reach.
 */
export function TextTutorials() {
  const target = useLinkTarget();
  const t = useT();
  // The tutorials in the reader's language (content/help/tutorials/, content/help/<language>/tutorials/).
  const tutorials = useHelp('tutorials', useLanguage()) ?? [];
  const shown = tutorials.map((doc) => ({ doc, to: target(String(doc.meta.opens ?? '')) })).filter((entry) => entry.to !== null);
  if (shown.length === 0) return null;
  return (
    <div className="tutorials">
      {shown.map(({ doc, to }) => (
        <details key={doc.meta.title}>
          <summary>{doc.meta.title}</summary>
          {doc.meta.summary && <p className="lead">{doc.meta.summary}</p>}
          <div className="content-body" dangerouslySetInnerHTML={{ __html: doc.html }} />
          <p>
            <Link className="button" to={to!}>
              {t('help.open', { title: doc.meta.title.toLowerCase().startsWith('the ') ? doc.meta.title.slice(4) : doc.meta.title })}
            </Link>
          </p>
        </details>
      ))}
    </div>
  );
}
