import { CMDQ_REGIONS } from '../../../../shared/assessment/cmdq-regions';
import type { CmdqRegionAnswer, Question } from '../../../../shared/assessment/types';
import type { PageText } from '../../../components/assessment/page-text';

type Grid = Readonly<Record<string, CmdqRegionAnswer>>;

/** The published CMDQ scales (Hedge, Morimoto & McCrobie 1999), labelled from the texts files (ui-texts.ts). */
const FREQUENCY = [0, 1, 2, 3, 4] as const;
const DISCOMFORT = [1, 2, 3] as const;
const INTERFERENCE = [0, 1, 2] as const;
/**
 * The CMDQ body regions, used when the question does not list its own (the server always sends them
 * with their labels; this keeps the grid usable if an older questionnaire omits them).
 */
const DEFAULT_REGIONS = CMDQ_REGIONS.map((id) => ({
  id,
  label: id.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase()),
}));

/**
 * The Cornell Musculoskeletal Discomfort Questionnaire grid: for each body region how often it ached
 * in the past week and, when it did, how uncomfortable it was and whether it interfered with work.
 * Plain labelled selects in a table, so it works with the keyboard and screen readers.
 */
export function CmdqGrid({
  question,
  value,
  onChange,
  t,
}: {
  question: Question;
  value: Grid | undefined;
  onChange: (next: Grid) => void;
  t: PageText;
}) {
  const regions = question.options?.length ? question.options : DEFAULT_REGIONS;
  const grid = value ?? {};
  const set = (region: string, patch: Partial<CmdqRegionAnswer>) => {
    const current = grid[region] ?? { frequency: 0, discomfort: 1, interference: 0 };
    const next = { ...current, ...patch } as CmdqRegionAnswer;
    const rest = Object.fromEntries(Object.entries(grid).filter(([r]) => r !== region));
    onChange(next.frequency === 0 ? rest : { ...rest, [region]: next });
  };
  return (
    <table className="cmdq-grid">
      <caption>{question.text}</caption>
      <thead>
        <tr>
          <th scope="col">{t('ui.cmdq.region')}</th>
          <th scope="col">{t('ui.cmdq.frequency')}</th>
          <th scope="col">{t('ui.cmdq.discomfort')}</th>
          <th scope="col">{t('ui.cmdq.interference')}</th>
        </tr>
      </thead>
      <tbody>
        {regions.map((region) => {
          const answer = grid[region.id];
          const id = `${question.id}-${region.id}`;
          return (
            <tr key={region.id}>
              <th scope="row" id={`${id}-label`}>
                {region.label}
              </th>
              <td>
                <select
                  aria-labelledby={`${id}-label ${id}-f`}
                  value={answer?.frequency ?? 0}
                  onChange={(e) => set(region.id, { frequency: Number(e.target.value) as CmdqRegionAnswer['frequency'] })}
                >
                  {FREQUENCY.map((i) => (
                    <option key={i} value={i}>
                      {t(`ui.cmdq.frequency.${i}`)}
                    </option>
                  ))}
                </select>
                <span id={`${id}-f`} className="visually-hidden">
                  {t('ui.cmdq.frequency')}
                </span>
              </td>
              <td>
                {answer && (
                  <>
                    <select
                      aria-labelledby={`${id}-label ${id}-d`}
                      value={answer.discomfort}
                      onChange={(e) => set(region.id, { discomfort: Number(e.target.value) as CmdqRegionAnswer['discomfort'] })}
                    >
                      {DISCOMFORT.map((i) => (
                        <option key={i} value={i}>
                          {t(`ui.cmdq.discomfort.${i}`)}
                        </option>
                      ))}
                    </select>
                    <span id={`${id}-d`} className="visually-hidden">
                      {t('ui.cmdq.discomfort')}
                    </span>
                  </>
                )}
              </td>
              <td>
                {answer && (
                  <>
                    <select
                      aria-labelledby={`${id}-label ${id}-i`}
                      value={answer.interference}
                      onChange={(e) => set(region.id, { interference: Number(e.target.value) as CmdqRegionAnswer['interference'] })}
                    >
                      {INTERFERENCE.map((i) => (
                        <option key={i} value={i}>
                          {t(`ui.cmdq.interference.${i}`)}
                        </option>
                      ))}
                    </select>
                    <span id={`${id}-i`} className="visually-hidden">
                      {t('ui.cmdq.interference')}
                    </span>
                  </>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
