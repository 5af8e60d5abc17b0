import { localizeSections } from '../../../../shared/evaluations/evaluation-texts';
import { OBSERVATION_SECTIONS, type Observations, type Recommendation } from '../../../../shared/evaluations/observation-form';
import type { RosaScores } from '../../../../shared/assessment/rosa';
import { PRIORITY_LABEL, RecommendationText } from './evaluation-recommendations';
import type { InterfaceKey } from '../../../i18n/keys';
import { useT } from '../../../i18n/texts';
import { useEvaluationTexts } from './evaluation-texts';

const ROSA_PARTS: [keyof RosaScores, InterfaceKey][] = [
  ['chair', 'staff.rosa.chair'],
  ['monitorPhone', 'staff.rosa.monitor_phone'],
  ['mouseKeyboard', 'staff.rosa.mouse_keyboard'],
  ['peripherals', 'staff.rosa.peripherals'],
  ['final', 'staff.rosa.final'],
];

/** The evaluator's ROSA scores (Sonne et al. 2012): 1–10, 5 or more calls for a closer look. */
export function RosaSummary({ scores }: { scores: RosaScores | undefined }) {
  const t = useT();
  if (!scores) return <p>{t('staff.rosa.none')}</p>;
  return (
    <dl className="rosa-scores">
      {ROSA_PARTS.map(([key, label]) => (
        <div key={key} style={{ display: 'contents' }}>
          <dt>{t(label)}</dt>
          <dd>{scores[key]}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The observations and recommendations of a report, read-only, with the form's own labels in the reader's language. */
export function EvaluationReportView({ observations, recommendations }: { observations: Observations; recommendations: Recommendation[] }) {
  const t = useT();
  const texts = useEvaluationTexts();
  const answered = localizeSections(OBSERVATION_SECTIONS, texts)
    .map((s) => ({ ...s, fields: s.fields.filter((f) => observations[f.key] !== undefined) }))
    .filter((s) => s.fields.length > 0);
  const text = (key: string, v: string | string[], options?: readonly { value: string; label: string }[]) => {
    const values = Array.isArray(v) ? v : [v];
    const label = (x: string) =>
      options?.find((o) => o.value === x)?.label ?? (x === 'yes' ? t('grid.yes') : x === 'no' ? t('grid.no') : x);
    return values.map(label).join(', ') || key;
  };
  return (
    <>
      <h2>{t('staff.rv.observations')}</h2>
      {answered.length === 0 ? (
        <p>{t('staff.rv.no_observation')}</p>
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
      <h2>{t('staff.fu.recommendations')}</h2>
      {recommendations.length === 0 ? (
        <p>{t('staff.rv.no_recommendation')}</p>
      ) : (
        <ol>
          {recommendations.map((r, i) => (
            <li key={i}>
              <strong>{t('staff.rv.priority', { priority: t(PRIORITY_LABEL[r.priority]) })}</strong> <RecommendationText item={r} />
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
