import { useEffect, useState } from 'react';
import { fillNodes } from '../../i18n/fill';
import { useT } from '../../i18n/texts';

export interface Stretch { readonly name: string; readonly seconds: number }

/**
 * A follow-along timer for a stretch routine: start, pause and reset; the current stretch and the
 * seconds left are announced politely to screen readers.
 */
export function StretchTimer({ stretches }: { stretches: readonly Stretch[] }) {
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
  return (
    <div className="stretch-timer">
      <p aria-live="polite" className="stretch-now">
        {done ? t('stretch.done') : fillNodes(t('stretch.now', { left, current: index + 1, total: stretches.length }), { name: <strong>{stretches[index].name}</strong> })}
      </p>
      <button type="button" className="button" onClick={() => setRunning(!running)} disabled={done}>{t(running ? 'stretch.pause' : 'stretch.start')}</button>{' '}
      <button type="button" className="button secondary" onClick={() => { setRunning(false); setIndex(0); setLeft(stretches[0].seconds); }}>{t('stretch.reset')}</button>
    </div>
  );
}
