import { useEffect, useState } from 'react';
import { guidanceFileKey } from '../../../shared/signed-in-pages';

type Pictures = Readonly<Record<string, string>>;
let pictures: Pictures | null = null;
/** The guides' pictures (virtual:guide-pictures), fetched once beside the report's data, not with the page. */
const arriving = () => import('virtual:guide-pictures').then((m) => (pictures = m.default));

/**
 * A small still of the picture a guide teaches with, shown inside a report's link to that guide so
 * the recommendation is seen as well as read (SPEC §2 guidance illustrations). Decorative: the link's
 * words name the guide. Nothing for a link to a page without a picture (equipment, other sites).
 */
export function GuidePicture({ href }: { href: string }) {
  const [known, setKnown] = useState(pictures);
  useEffect(() => {
    if (known) return undefined;
    let live = true;
    void arriving().then((p) => live && setKnown(p));
    return () => {
      live = false;
    };
  }, [known]);
  const file = /^\/user\/([^/?#]+)$/.exec(href)?.[1];
  const picture = file && known ? known[guidanceFileKey(decodeURIComponent(file))] : undefined;
  if (!picture) return null;
  return <img className="guide-picture" src={`/illustrations/${picture}`} alt="" width={72} height={48} loading="lazy" decoding="async" />;
}
