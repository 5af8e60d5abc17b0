import { useEffect, useState } from 'react';

export interface Stretch { readonly name: string; readonly seconds: number }

/**
 * A follow-along timer for a stretch routine: start, pause and reset; the current stretch and the
 * seconds left are announced politely to screen readers.
 */
export function StretchTimer({ stretches }: { stretches: readonly Stretch[] }) {
  const [index, setIndex] = useState(0);
  const [left, setLeft] = useState(stretches[0]?.seconds ?? 0);
  const [running, setRunning] = useState(false);
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
        {done ? 'Routine complete. Well done!' : <>Now: <strong>{stretches[index].name}</strong>, {left} s left ({index + 1} of {stretches.length})</>}
      </p>
      <button type="button" className="button" onClick={() => setRunning(!running)} disabled={done}>{running ? 'Pause' : 'Start'}</button>{' '}
      <button type="button" className="button secondary" onClick={() => { setRunning(false); setIndex(0); setLeft(stretches[0].seconds); }}>Reset</button>
    </div>
  );
}
