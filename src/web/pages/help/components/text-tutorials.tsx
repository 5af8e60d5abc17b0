import { Link } from 'react-router-dom';
import type { ContentDoc } from '../../../components/content/use-content';
import { useLinkTarget } from '../../../components/links/app-link';
import { useT } from '../../../i18n/texts';

/** The step-by-step tutorials (content/help/tutorials/*.md), in their `order`. */
const tutorials = Object.values(
  import.meta.glob<ContentDoc>('../../../../../content/help/tutorials/*.md', { import: 'default', eager: true }),
).sort((a, b) => Number(a.meta.order ?? 0) - Number(b.meta.order ?? 0));

/**
 * SPEC §2 help centre "dashboard tutorials": written step by step, each shown only to a reader who
 * can open the page it teaches (its `opens` path, checked by the same canAccess as the menus), so
 * nobody is taught a page they cannot reach.
 */
export function TextTutorials() {
  const target = useLinkTarget();
  const t = useT();
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
