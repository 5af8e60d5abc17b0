import { useEffect, useMemo, useState } from 'react';
import { stretchSteps } from '../../../shared/stretch-steps';
import { fillNodes } from '../../i18n/fill';
import { useT } from '../../i18n/texts';

/**
 * A follow-along timer for a stretch routine (SPEC §2 guidance, routines that move): start, pause and
 * reset; the current stretch and the seconds left are announced politely to screen readers. The
 * timer shows the current step's picture: moving while the routine runs, its still (the key
 * position) when paused, and always the still to a reader who asks for reduced motion, so nothing
 * moves that the reader did not start and cannot stop (WCAG 2.2.2, 2.3.3). Loaded only by a page that
 * has a routine.
 */
export default function StretchTimer({ html }: { html: string }) {
  const stretches = useMemo(() => stretchSteps(html), [html]);
  const [index, setIndex] = useState(0);
  const [left, setLeft] = useState(stretches[0]?.seconds ?? 0);
  const [running, setRunning] = useState(false);
  const t = useT();
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => {
      setLeft((s) => {
        if (s > 1) return s - 1;
        setIndex((i) => {
          const next = i + 1;
          if (next >= stretches.length) { setRunning(false); return i; }
          setLeft(stretches[next].seconds);
          return next;
        });
        return 0;
      });
    }, 1000);
    return () => clearInterval(timer);
  }, [running, stretches]);
  if (stretches.length === 0) return null;
  const done = !running && index === stretches.length - 1 && left === 0;
  const picture = stretches[index].picture;
  return (
    <div className="stretch-timer">
      {picture && (
        <picture key={index}>
          <source media="(prefers-reduced-motion: reduce)" srcSet={picture.still} />
          <img className="stretch-picture" src={running ? picture.moving : picture.still} width={picture.width} height={picture.height} alt={picture.alt} />
        </picture>
      )}
      <div>
        <p aria-live="polite" className="stretch-now">
          {done ? t('stretch.done') : fillNodes(t('stretch.now', { left, current: index + 1, total: stretches.length }), { name: <strong>{stretches[index].name}</strong> })}
        </p>
        <button type="button" className="button" onClick={() => setRunning(!running)} disabled={done}>{t(running ? 'stretch.pause' : 'stretch.start')}</button>{' '}
        <button type="button" className="button secondary" onClick={() => { setRunning(false); setIndex(0); setLeft(stretches[0].seconds); }}>{t('stretch.reset')}</button>
      </div>
    </div>
  );
}
