import { useState } from 'react';
import { localizeEntry } from '../../../../shared/evaluations/evaluation-texts';
import { catalogueEntry, PRIORITIES, RECOMMENDATION_CATALOGUE, type Recommendation } from '../../../../shared/evaluations/observation-form';
import { fillNodes } from '../../../i18n/fill';
import { useT } from '../../../i18n/texts';
import { useEvaluationTexts } from './evaluation-texts';
import { routes } from '../../../../../generated/routes';
import { routeTitle } from '../../../i18n/menu-label';

/** A recommendation's priority in the reader's language. */
export const PRIORITY_LABEL = { high: 'staff.cs.option.high', medium: 'staff.cs.option.medium', low: 'staff.cs.option.low' } as const;

/** A guide's title by its address (the page's own title), or the address when no route has it. */
const guideTitle = (t: ReturnType<typeof useT>, path: string): string => {
  const route = routes.find((r) => r.path === path);
  return route ? routeTitle(t, route) : path;
};

/**
 * One recommendation as the staff pages show it: the catalogue's title and text in the reader's
 * language (content/evaluations/texts/; the evaluator's own words as written), and the title of
 * the guide the employee's report links to (shown as text: the guides are employee pages, whose own
 * links lead into the employee's area), its address at hand on hover.
 */
export function RecommendationText({ item }: { item: Recommendation }) {
  const t = useT();
  const texts = useEvaluationTexts();
  const found = catalogueEntry(item.catalogue_key);
  const entry = found && localizeEntry(found, texts);
  if (!entry) return <>{item.text ?? item.catalogue_key}</>;
  return (
    <>
      <strong>{entry.title}.</strong> {entry.text}{' '}
      <small>({fillNodes(t('staff.rec.guide'), { link: <cite title={entry.link}>{guideTitle(t, entry.link)}</cite> })})</small>
    </>
  );
}

/**
 * The report's recommendations (SPEC §1): picked from content/evaluations/recommendations.json or
 * written freely, each with a priority high, medium or low.
 */
export function EvaluationRecommendations({ value, onChange }: { value: Recommendation[]; onChange: (next: Recommendation[]) => void }) {
  const t = useT();
  const texts = useEvaluationTexts();
  const [pick, setPick] = useState('');
  const [text, setText] = useState('');
  const [priority, setPriority] = useState<Recommendation['priority']>('medium');
  const used = new Set(value.map((r) => r.catalogue_key).filter(Boolean));
  const add = (item: Recommendation) => onChange([...value, item]);
  return (
    <div className="evaluation-recommendations">
      {value.length === 0 ? (
        <p>{t('staff.rec.none_yet')}</p>
      ) : (
        <ol className="evaluation-recommendation-list">
          {value.map((r, index) => (
            <li key={`${r.catalogue_key ?? 'text'}-${index}`}>
              <RecommendationText item={r} />
              <div className="evaluation-row">
                <label>
                  {t('staff.rec.priority')}{' '}
                  <select
                    value={r.priority}
                    onChange={(e) =>
                      onChange(value.map((x, i) => (i === index ? { ...x, priority: e.target.value as Recommendation['priority'] } : x)))
                    }
                  >
                    {PRIORITIES.map((p) => (
                      <option key={p} value={p}>
                        {t(PRIORITY_LABEL[p])}
                      </option>
                    ))}
                  </select>
                </label>{' '}
                <button type="button" className="button secondary" onClick={() => onChange(value.filter((_, i) => i !== index))}>
                  {t('staff.cs.remove')}
                  <span className="visually-hidden"> {t('staff.rec.number', { n: index + 1 })}</span>
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <div className="evaluation-row">
        <label>
          {t('staff.rec.new_priority')}{' '}
          <select value={priority} onChange={(e) => setPriority(e.target.value as Recommendation['priority'])}>
            {PRIORITIES.map((p) => (
              <option key={p} value={p}>
                {t(PRIORITY_LABEL[p])}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="evaluation-row">
        <label htmlFor="catalogue-pick">{t('staff.rec.catalogue')}</label>
        <select id="catalogue-pick" value={pick} onChange={(e) => setPick(e.target.value)}>
          <option value="">{t('staff.rec.choose')}</option>
          {RECOMMENDATION_CATALOGUE.filter((r) => !used.has(r.key)).map((r) => (
            <option key={r.key} value={r.key}>
              {localizeEntry(r, texts).title}
            </option>
          ))}
        </select>{' '}
        <button
          type="button"
          className="button"
          disabled={!pick}
          onClick={() => {
            add({ catalogue_key: pick, priority });
            setPick('');
          }}
        >
          {t('staff.rec.add_catalogue')}
        </button>
      </div>
      <div className="evaluation-row">
        <label htmlFor="free-recommendation">{t('staff.rec.own')}</label>
        <textarea id="free-recommendation" rows={2} maxLength={2000} value={text} onChange={(e) => setText(e.target.value)} />{' '}
        <button
          type="button"
          className="button"
          disabled={!text.trim()}
          onClick={() => {
            add({ text: text.trim(), priority });
            setText('');
          }}
        >
          {t('staff.rec.add_own')}
        </button>
      </div>
    </div>
  );
}
