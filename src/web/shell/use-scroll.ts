import { useEffect, useState } from 'react';

/** SPEC §2 / §9 scroll thresholds. */
export const COMPACT_HEADER_PX = 50;
export const BACK_TO_TOP_PX = 1000;

/** The page's vertical scroll offset, updated on scroll. */
export function useScrollY(): number {
  const [y, setY] = useState(() => (typeof window === 'undefined' ? 0 : window.scrollY));
  useEffect(() => {
    const onScroll = () => setY(window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return y;
}
