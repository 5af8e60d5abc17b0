import pictures from 'virtual:guide-pictures';
import { guidanceFileKey } from '../../../shared/signed-in-pages';

/**
 * A small still of the picture a guide teaches with, shown inside a report's link to that guide so
 * the recommendation is seen as well as read (SPEC §2 guidance illustrations). Decorative: the link's
 * words name the guide. Nothing for a link to a page without a picture (equipment, other sites).
 */
export function GuidePicture({ href }: { href: string }) {
  const file = /^\/user\/([^/?#]+)$/.exec(href)?.[1];
  const picture = file ? pictures[guidanceFileKey(decodeURIComponent(file))] : undefined;
  if (!picture) return null;
  return <img className="guide-picture" src={`/illustrations/${picture}`} alt="" width={72} height={48} loading="lazy" decoding="async" />;
}
