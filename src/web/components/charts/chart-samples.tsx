import { BodyMap } from './body-map';
import { ChartFigure } from './chart-figure';
import { useLocale, useT } from '../../i18n/texts';
import { formatMonthName } from '../../../shared/dates';

const MONTHS = Array.from({ length: 12 }, (_, m) => m);
/** Sample monthly figures for a year from 2021 on: growth across the year and from year to year. */
const sample = (year: number) => MONTHS.map((_, m) => 40 + (year - 2021) * 12 + m * 5 + ((m * 7) % 4));

/**
 * Sample charts for the style guide and /user/chart (SPEC §9: chart datasets are sample data). A
 * module of its own so pages that show it load chart.js only when it is opened.
 */
export default function ChartSamples({ year }: { year?: number }) {
  const t = useT();
  const locale = useLocale();
  const y = year ?? new Date().getFullYear();
  const months = MONTHS.map((m) => formatMonthName(new Date(Date.UTC(y, m, 1)), locale, 'short'));
  return (
    <>
      <ChartFigure
        title={t('staff.sample.per_month', { year: y })}
        kind="line"
        labelHeader={t('staff.overview.month')}
        labels={months}
        summary={t('staff.sample.rose', { from: sample(y)[0]!, first: months[0]!, to: sample(y)[11]!, last: months[11]! })}
        series={[{ label: t('staff.overview.self_assessments'), values: sample(y) }]}
      />
      <ChartFigure
        title={t('staff.sample.by_band')}
        kind="bar"
        labelHeader={t('staff.overview.risk_band')}
        labels={[t('staff.overview.band_low'), t('staff.overview.band_moderate'), t('staff.overview.band_high')]}
        stacked={false}
        summary={t('staff.sample.band_summary')}
        series={[{ label: t('staff.overview.self_assessments'), values: [78, 60, 12] }]}
      />
      <BodyMap
        title={t('staff.sample.body')}
        summary={t('staff.sample.body_summary')}
        regions={[
          { region: 'neck', share: 44, people: 66, mean: 18.5 },
          { region: 'lower_back', share: 38, people: 57, mean: 16 },
          { region: 'shoulder_right', share: 31, people: 47, mean: 12 },
          { region: 'shoulder_left', share: 22, people: 33, mean: 10 },
          { region: 'wrist_right', share: 9, people: 14, mean: 8 },
          { region: 'knee_left', share: null, people: null, mean: null },
        ]}
      />
    </>
  );
}
