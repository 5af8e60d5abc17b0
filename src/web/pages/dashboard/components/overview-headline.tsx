import type { InterfaceKey } from '../../../i18n/keys';
import { useT } from '../../../i18n/texts';
import { monthName, shown, type Overview } from './overview-data';

type Headline = Overview['headline']['figures'][number];

/** The state against the client's target in words and a sign, not colour alone (WCAG 1.4.1). */
const STATE: Record<NonNullable<Headline['state']>, { icon: string; key: InterfaceKey }> = {
  on_target: { icon: '✓', key: 'staff.figures.state_on' },
  near_target: { icon: '!', key: 'staff.figures.state_near' },
  off_target: { icon: '✕', key: 'staff.figures.state_off' },
};

function Change({ figure, previous }: { figure: Headline; previous: string }) {
  const t = useT();
  if (figure.key === 'open_requests') return <p className="headline-change">{t('staff.figures.today')}</p>;
  if (figure.change === null) return <p className="headline-change">{t('staff.figures.no_comparison', { period: previous })}</p>;
  const sign = figure.change > 0 ? '▲' : figure.change < 0 ? '▼' : '＝';
  const amount = shown(Math.abs(figure.change));
  return (
    <p className="headline-change">
      <span aria-hidden="true">{sign} </span>
      {t(
        figure.change === 0
          ? 'staff.figures.change_same'
          : figure.unit === 'percent'
            ? figure.change > 0
              ? 'staff.figures.change_up_points'
              : 'staff.figures.change_down_points'
            : figure.change > 0
              ? 'staff.figures.change_up'
              : 'staff.figures.change_down',
        { amount, period: previous },
      )}
    </p>
  );
}

/** The figures shown before "Needs your attention" on a phone (participation), the rest after it. */
const FIRST = 2;

/**
 * The headline figures of the Programme Overview (SPEC §1: the programme in ten seconds): value,
 * change against the previous period of the same length, the state against the client's target, and
 * how each is counted (src/server/domain/dashboards/figure-definitions.ts). In two parts, `first` and
 * `rest`, so that on a phone the attention panel comes right after the first figures rather than
 * after all of them (overview.css places the parts beside the panel on a wide screen).
 */
export function HeadlineFigures({ headline, part }: { headline: Overview['headline']; part: 'first' | 'rest' }) {
  const t = useT();
  const previous = `${monthName(headline.previous_period.from_month)} – ${monthName(headline.previous_period.to_month)}`;
  const figures = part === 'first' ? headline.figures.slice(0, FIRST) : headline.figures.slice(FIRST);
  if (figures.length === 0) return null;
  return (
    <ul className={`headline-grid headline-${part}`} aria-label={t('staff.figures.headline')}>
      {figures.map((f) => {
        const state = f.state ? STATE[f.state] : null;
        return (
          <li key={f.key} className={`card headline-card${f.state ? ` headline-${f.state}` : ''}`} data-figure={f.key}>
            <p className="headline-label">{t(`staff.figures.label.${f.key}` as InterfaceKey)}</p>
            <p className="headline-value">{shown(f.value, f.unit === 'percent' ? '%' : '')}</p>
            {f.key === 'participation_share' && (
              <p className="headline-change">{t('staff.figures.of_eligible', { count: shown(headline.eligible) })}</p>
            )}
            <Change figure={f} previous={previous} />
            {state && f.target !== null && (
              <p className="headline-state">
                <span aria-hidden="true" className="headline-icon">
                  {state.icon}
                </span>{' '}
                {t(state.key)}{' '}
                {t(f.target_kind === 'at_most' ? 'staff.figures.target_at_most' : 'staff.figures.target_at_least', { target: f.target })}
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
  );
}
