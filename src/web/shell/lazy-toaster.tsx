import { lazy, Suspense, useEffect, useState } from 'react';
import { onUnheardToast } from '../api/toast-bus';

const Toaster = lazy(() => import('./toaster'));

/**
 * Mounts the toaster (its own chunk, notistack about 9 kB gzipped) when the first toast is raised:
 * toasts raised before it has loaded wait in the toast bus and show as soon as it subscribes, so no
 * page pays for it until it has something to say (page-weight bench targets).
 */
export function LazyToaster() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => (wanted ? undefined : onUnheardToast(() => setWanted(true))), [wanted]);
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
