import { lazy, Suspense, type ComponentType } from 'react';
import { useT } from '../../i18n/texts';
import type { ApiCallName } from '../../../../generated/api';
import type { ManifestGridProps } from './manifest-grid';
import './deferred-grid.css';

const LazyGrid = lazy(() =>
  import('./manifest-grid').then((m) => ({ default: m.ManifestGrid as ComponentType<ManifestGridProps<ApiCallName>> })),
);

/**
 * A ManifestGrid below or after a page's first content (the evaluator's request queue under the inbox,
 * the latest submissions under an activity page's figures, a search's results once one is run): AG
 * Grid, about 200 kB gzipped, loads beside the page rather than before it, so the rest of the page
 * shows without waiting for it (staff pages' 200 kB target, src/web/build/page-budgets.ts). A page
 * that is only a list keeps ManifestGrid itself.
 */
export function DeferredManifestGrid<C extends ApiCallName>(props: ManifestGridProps<C>) {
  const t = useT();
  return (
    <Suspense
      fallback={
        <p role="status" className="grid-deferred">
          {t('grid.ag.loading')}
        </p>
      }
    >
      <LazyGrid {...(props as unknown as ManifestGridProps<ApiCallName>)} />
    </Suspense>
  );
}
