import { useEffect, useRef } from 'react';
import { overviewAttemptsGrid, overviewRequestsGrid } from '../../../../../generated/grids';
import { ManifestGrid } from '../../../components/grid/manifest-grid';
import type { Drill } from './overview-data';
import { useT } from '../../../i18n/texts';
import { codeCells } from './search-labels';
import { useFindingLabels } from '../../../components/assessment/finding-titles';

/**
 * The records behind one figure (SPEC §2 /program-overview drill-down), paged on the server, each
 * self-assessment with a link to its report at /user/program-overview-reports/:url
 * (manifest/grids/overview_attempts.yaml, overview_requests.yaml).
 */
export function OverviewDrill({ drill, filters, onClose }: { drill: Drill; filters: Record<string, string>; onClose: () => void }) {
  const t = useT();
  // The first finding comes as its id and reads in the reader's language: the table waits for those words.
  const finding = useFindingLabels();
  // Opening a figure moves the focus to the records' heading, also when another figure's records show.
  const heading = useRef<HTMLHeadingElement | null>(null);
  useEffect(() => heading.current?.focus(), [drill]);
  return (
    <section className="overview-drill" aria-labelledby="overview-drill-heading">
      <div className="chart-head">
        <h2 id="overview-drill-heading" ref={heading} tabIndex={-1}>
          {t('staff.drill.records', { label: drill.label })}
        </h2>
        <button type="button" className="chart-toggle" onClick={onClose}>
          {t('staff.drill.close')}
        </button>
      </div>
      {finding && (
        <ManifestGrid
          key={`${drill.kind}:${drill.value}`}
          grid={drill.kind === 'request_status' ? overviewRequestsGrid : overviewAttemptsGrid}
          idPrefix="drill"
          fixed={{ ...filters, kind: drill.kind, value: drill.value }}
          cells={{ ...codeCells(t), top_finding: (v) => (v ? finding(String(v)) : '') }}
        />
      )}
    </section>
  );
}
