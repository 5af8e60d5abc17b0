import { CMDQ_REGIONS } from '../../../shared/assessment/cmdq-regions';

/** One body region's Cornell answer (Hedge, Morimoto & McCrobie 1999): frequency 1–4, discomfort 1–3, interference 0–2. */
export interface RegionAnswer {
  frequency: number;
  discomfort: number;
  interference: number;
}
export type DiscomfortAnswers = Partial<Record<string, RegionAnswer>>;

interface Props {
  readonly texts: Readonly<Record<string, string>>;
  readonly value: DiscomfortAnswers;
  readonly onChange: (next: DiscomfortAnswers) => void;
}

/**
 * The Cornell body regions as a compact list: how often each bothered the employee last week, and,
 * for a region that did, how much and whether it interfered with work.
 */
export function RequestDiscomfort({ texts, value, onChange }: Props) {
  const set = (region: string, answer: RegionAnswer | null) => {
    const next = { ...value };
    if (answer) next[region] = answer;
    else delete next[region];
    onChange(next);
  };
  const options = (group: string, keys: string[]) =>
    keys.map((k) => (
      <option key={k} value={k}>
        {texts[`${group}.${k}`]}
      </option>
    ));
  return (
    <fieldset className="field">
      <legend>{texts.discomfort_heading}</legend>
      <p className="field-help">{texts.discomfort_help}</p>
      <ul className="discomfort-list">
        {CMDQ_REGIONS.map((region) => {
          const answer = value[region];
          const label = texts[`regions.${region}`] ?? region;
          return (
            <li key={region}>
              <label>
                <span>{label}</span>
                <select
                  aria-label={`${label}: ${texts.frequency_label}`}
                  value={answer?.frequency ?? 0}
                  onChange={(e) => {
                    const frequency = Number(e.target.value);
                    set(region, frequency ? { discomfort: 1, interference: 0, ...answer, frequency } : null);
                  }}
                >
                  {options('frequency', ['0', '1', '2', '3', '4'])}
                </select>
              </label>
              {answer && (
                <>
                  <select
                    aria-label={`${label}: ${texts.severity_label}`}
                    value={answer.discomfort}
                    onChange={(e) => set(region, { ...answer, discomfort: Number(e.target.value) })}
                  >
                    {options('severity', ['1', '2', '3'])}
                  </select>
                  <select
                    aria-label={`${label}: ${texts.interference_label}`}
                    value={answer.interference}
                    onChange={(e) => set(region, { ...answer, interference: Number(e.target.value) })}
                  >
                    {options('interference', ['0', '1', '2'])}
                  </select>
                </>
              )}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
