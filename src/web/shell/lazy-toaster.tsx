import { lazy, Suspense, useEffect, useState } from 'react';
import { onUnheardToast } from '../api/toast-bus';
import { useSession } from '../session/store';

const Toaster = lazy(() => import('./toaster'));

/**
 * Mounts the toaster (its own chunk) at once when a toast is raised, and for signed-in users when
 * the browser is idle, so public pages never load it unless they have something to say.
 */
export function LazyToaster() {
  const signedIn = useSession((s) => s.status === 'authenticated');
  const [wanted, setWanted] = useState(false);
  useEffect(() => (wanted ? undefined : onUnheardToast(() => setWanted(true))), [wanted]);
  useEffect(() => {
    if (wanted || !signedIn) return undefined;
    if (typeof window.requestIdleCallback !== 'function') { const timer = setTimeout(() => setWanted(true), 1500); return () => clearTimeout(timer); }
    const handle = window.requestIdleCallback(() => setWanted(true), { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }, [wanted, signedIn]);
  return wanted ? <Suspense fallback={null}><Toaster /></Suspense> : null;
}
