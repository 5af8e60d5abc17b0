import { BodyMap } from './body-map';
import { ChartFigure } from './chart-figure';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** Sample monthly figures for a year from 2021 on: growth across the year and from year to year. */
const sample = (year: number) => MONTHS.map((_, m) => 40 + (year - 2021) * 12 + m * 5 + ((m * 7) % 4));

/**
 * Sample charts for the style guide and /user/chart (SPEC §9: chart datasets are sample data). A
 * module of its own so pages that show it load chart.js only when it is opened.
 */
export default function ChartSamples({ year }: { year?: number }) {
  const y = year ?? new Date().getFullYear();
  return (
    <>
      <ChartFigure
        title={`Self-assessments per month, ${y} (sample)`}
        kind="line"
        labelHeader="Month"
        labels={MONTHS}
        summary={`Self-assessments rose from ${sample(y)[0]} in Jan to ${sample(y)[11]} in Dec.`}
        series={[{ label: 'Self-assessments', values: sample(y) }]}
      />
      <ChartFigure
        title="Results by risk band (sample)"
        kind="bar"
        labelHeader="Risk band"
        labels={['Low', 'Moderate', 'High']}
        stacked={false}
        summary="Most results are low or moderate; 12 of 150 are high."
        series={[{ label: 'Self-assessments', values: [78, 60, 12] }]}
      />
      <BodyMap
        title="Where employees report discomfort (sample)"
        summary="Discomfort is reported most at the neck (44%), lower back (38%) and right shoulder (31%)."
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
