import { OBSERVATION_SECTIONS, type Observations, type Recommendation } from '../../../../shared/evaluations/observation-form';
import type { RosaScores } from '../../../../shared/assessment/rosa';
import { RecommendationText } from './evaluation-recommendations';

const PRIORITY_LABEL: Record<string, string> = { high: 'High', medium: 'Medium', low: 'Low' };
const ROSA_PARTS: [keyof RosaScores, string][] = [
  ['chair', 'Chair'],
  ['monitorPhone', 'Monitor and telephone'],
  ['mouseKeyboard', 'Mouse and keyboard'],
  ['peripherals', 'Peripherals'],
  ['final', 'Final ROSA score'],
];

/** The evaluator's ROSA scores (Sonne et al. 2012): 1–10, 5 or more calls for a closer look. */
export function RosaSummary({ scores }: { scores: RosaScores | undefined }) {
  if (!scores) return <p>No ROSA score yet: it is computed from the observations.</p>;
  return (
    <dl className="rosa-scores">
      {ROSA_PARTS.map(([key, label]) => (
        <div key={key} style={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{scores[key]}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The observations and recommendations of a report, read-only, with the form's own labels. */
export function EvaluationReportView({ observations, recommendations }: { observations: Observations; recommendations: Recommendation[] }) {
  const answered = OBSERVATION_SECTIONS.map((s) => ({ ...s, fields: s.fields.filter((f) => observations[f.key] !== undefined) })).filter(
    (s) => s.fields.length > 0,
  );
  const text = (key: string, v: string | string[], options?: readonly { value: string; label: string }[]) => {
    const values = Array.isArray(v) ? v : [v];
    const label = (x: string) => options?.find((o) => o.value === x)?.label ?? (x === 'yes' ? 'Yes' : x === 'no' ? 'No' : x);
    return values.map(label).join(', ') || key;
  };
  return (
    <>
      <h2>Observations</h2>
      {answered.length === 0 ? (
        <p>No observation was recorded.</p>
      ) : (
        answered.map((s) => (
          <section key={s.id} className="part" aria-labelledby={`view-${s.id}`}>
            <h3 id={`view-${s.id}`}>{s.title}</h3>
            <dl>
              {s.fields.map((f) => (
                <div key={f.key}>
                  <dt>{f.label}</dt>
                  <dd>{text(f.key, observations[f.key], f.options)}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))
      )}
      <h2>Recommendations</h2>
      {recommendations.length === 0 ? (
        <p>No recommendation.</p>
      ) : (
        <ol>
          {recommendations.map((r, i) => (
            <li key={i}>
              <strong>{PRIORITY_LABEL[r.priority] ?? r.priority} priority:</strong> <RecommendationText item={r} />
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
