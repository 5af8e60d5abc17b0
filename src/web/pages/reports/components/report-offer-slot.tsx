import { lazy, Suspense, useEffect, useState } from 'react';
import type { ApiResponse } from '../../../../../generated/api-types';
import { useLanguage } from '../../../i18n/texts';
import { useSession } from '../../../session/store';

/** The catalogue items answering a report's findings, and the reader's live action of each finding key. */
export interface ReportOffers {
  readonly offers: readonly ApiResponse<'equipment_offers'>['items'][number][];
  readonly actionOf: ReadonlyMap<string, number>;
}

/**
 * The offers and their request form load after the report shows, and only for its own employee
 * (docs/architecture.md "Page weight"): anyone else reading the report (a manager, an evaluator) is
 * offered nothing, and the server refuses a request by anyone but the employee for themselves.
 */
const offerModule = () => import('./report-offers');
const ReportOfferList = lazy(offerModule);

/** On the employee's own report, the offers answering `keys` (the findings' action keys); null until then or for another reader. */
export function useReportOffers(keys: readonly string[], employeeEmail: string): ReportOffers | null {
  const me = useSession((s) => s.user?.email);
  const language = useLanguage();
  const own = me !== undefined && me === employeeEmail;
  const asked = [...new Set(keys)].slice(0, 50).join(',');
  const [found, setFound] = useState<ReportOffers | null>(null);
  useEffect(() => {
    setFound(null);
    if (!own || !asked) return;
    let current = true;
    offerModule()
      .then((m) => m.loadReportOffers(asked, language))
      .then(
        (loaded) => {
          if (current) setFound(loaded);
        },
        () => undefined,
      );
    return () => {
      current = false;
    };
  }, [own, asked, language]);
  return found;
}

/** Under one finding or recommendation: the items answering it, each with "Request" or what became of the request. */
export function OfferSlot({ found, findingKey, idPrefix }: { found: ReportOffers | null; findingKey: string; idPrefix: string }) {
  if (!found || found.offers.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ReportOfferList found={found} findingKey={findingKey} idPrefix={idPrefix} />
    </Suspense>
  );
}
