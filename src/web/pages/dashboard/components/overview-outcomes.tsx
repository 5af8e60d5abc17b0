import type { ApiResponse } from '../../../../../generated/api-types';
import { ChartFigure } from '../../../components/charts/chart-figure';
import { regionLabel } from '../../../components/charts/body-map';
import type { InterfaceKey } from '../../../i18n/keys';
import { useLocale, useT } from '../../../i18n/texts';
import { shown } from './overview-data';
import { useOverviewPanel } from './use-overview-panel';

type Outcomes = ApiResponse<'program_overview_outcomes'>;
type Figure = Outcomes['figures'][number];

/** The state against the client's target in words and a sign, not colour alone (WCAG 1.4.1). */
const STATE: Record<NonNullable<Figure['state']>, { icon: string; key: InterfaceKey }> = {
  on_target: { icon: '✓', key: 'staff.figures.state_on' },
  near_target: { icon: '!', key: 'staff.figures.state_near' },
  off_target: { icon: '✕', key: 'staff.figures.state_off' },
};

/** −5 and +0.5: a change reads with its sign (a true minus sign). */
const signed = (v: number, locale: string) => `${v > 0 ? '+' : v < 0 ? '−' : ''}${Math.abs(v).toLocaleString(locale)}`;

function valueOf(f: Figure, currency: string, locale: string, t: ReturnType<typeof useT>): string {
  if (f.value === null) return f.key === 'cost_per_move' && f.of !== null ? t('staff.outcomes.no_cost') : shown(null);
  if (f.unit === 'points') return signed(f.value, locale);
  if (f.unit === 'money') return new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 0 }).format(f.value);
  return shown(f.value);
}

/** The line under the value: what it is out of. */
function detailOf(f: Figure, t: ReturnType<typeof useT>): string | null {
  const count = shown(f.of);
  switch (f.key) {
    case 'moved_out_of_high_risk':
      return t('staff.outcomes.of_high', { share: shown(f.measure), count });
    case 'rosa_change':
      return t('staff.outcomes.of_rosa', { count });
    case 'discomfort_change':
      return t('staff.outcomes.of_measured', { count });
    case 'open_actions':
      return t('staff.figures.today');
    case 'overdue_actions':
      return t('staff.outcomes.of_open', { share: shown(f.measure), count });
    case 'cost_per_move':
      return f.of === null ? null : t('staff.outcomes.cost_of', { count });
  }
}

function targetOf(f: Figure, currency: string, locale: string, t: ReturnType<typeof useT>): string {
  if (f.target === null) return '';
  if (f.unit === 'points') return t('staff.outcomes.target_fall', { target: Math.abs(f.target).toLocaleString(locale) });
  if (f.unit === 'money')
    return t('staff.outcomes.target_money', {
      target: new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 0 }).format(f.target),
    });
  return t(f.target_kind === 'at_most' ? 'staff.figures.target_at_most' : 'staff.figures.target_at_least', { target: f.target });
}

/**
 * The risk-reduction panel of the Programme Overview (docs/product.md "Outcomes: the risk-reduction
 * panel"): what changed for the employees who had actions in the period, each figure with its state
 * against the client's target and how it is counted, and discomfort by body region before and after
 * as a chart that also shows as a table. Loaded beside the overview for the same query.
 */
export function OutcomesPanel({ query }: { query: string }) {
  const t = useT();
  const locale = useLocale();
  const { data, failed } = useOverviewPanel('program_overview_outcomes', query);

  // The regions anyone reported, most reported before first.
  const regions = (data?.regions.filter((r) => (r.before ?? 0) > 0 || (r.after ?? 0) > 0) ?? []).sort(
    (a, b) => (b.before ?? 0) - (a.before ?? 0),
  );
  const hidden = data ? data.regions.every((r) => r.before === null) : false;
  return (
    <section aria-labelledby="overview-outcomes" className="outcomes-panel" aria-busy={!data && !failed}>
      <h2 id="overview-outcomes">{t('staff.outcomes.title')}</h2>
      {failed ? (
        <p role="alert" className="form-error">
          {t('staff.outcomes.load_failed')}
        </p>
      ) : !data ? (
        <p role="status">{t('staff.outcomes.loading')}</p>
      ) : (
        <>
          <p className="outcomes-intro">
            {data.measured === 0 ? t('staff.outcomes.empty') : t('staff.outcomes.intro', { count: shown(data.measured) })}
          </p>
          <ul className="headline-grid outcomes-grid" aria-label={t('staff.outcomes.title')}>
            {data.figures.map((f) => {
              const state = f.state ? STATE[f.state] : null;
              const detail = detailOf(f, t);
              return (
                <li key={f.key} className={`card headline-card${f.state ? ` headline-${f.state}` : ''}`} data-outcome={f.key}>
                  <p className="headline-label">{t(`staff.outcomes.label.${f.key}` as InterfaceKey)}</p>
                  <p className="headline-value">{valueOf(f, data.currency, locale, t)}</p>
                  {detail && <p className="headline-change">{detail}</p>}
                  {state && (
                    <p className="headline-state">
                      <span aria-hidden="true" className="headline-icon">
                        {state.icon}
                      </span>{' '}
                      {t(state.key)} {targetOf(f, data.currency, locale, t)}
                    </p>
                  )}
                  <details className="headline-how">
                    <summary>{t('staff.figures.how_counted')}</summary>
                    <p>{t(f.how as InterfaceKey)}</p>
                  </details>
                </li>
              );
            })}
          </ul>
          {hidden ? (
            <p>{t('staff.outcomes.regions_hidden')}</p>
          ) : regions.length === 0 ? (
            <p>{t('staff.outcomes.regions_none')}</p>
          ) : (
            <ChartFigure
              title={t('staff.outcomes.regions_title')}
              kind="bar"
              horizontal
              labelHeader={t('staff.outcomes.region')}
              labels={regions.map((r) => regionLabel(r.region))}
              format={(v) => `${v.toLocaleString(locale)}%`}
              summary={t('staff.outcomes.regions_summary', {
                regions: regions
                  .slice(0, 3)
                  .map((r) => `${regionLabel(r.region)} ${shown(r.before, '%')} → ${shown(r.after, '%')}`)
                  .join(', '),
              })}
              series={[
                { label: t('staff.outcomes.before'), values: regions.map((r) => r.before) },
                { label: t('staff.outcomes.after'), values: regions.map((r) => r.after) },
              ]}
            />
          )}
        </>
      )}
    </section>
  );
}
