import { useState } from 'react';
import { FOLLOW_UP_STATE, FollowUpsGrid } from './activity-later-grids';
import { ClientPicker, FigureTable, StatCards, clientQuery, figure, formatDay, useFigures } from './activity-parts';
import { useT } from '../../../../i18n/texts';
import { FilterPanel } from '../../../../shell/filter-panel';

/**
 * SPEC §2 follow-up feedback of one client over a period (the last twelve months unless chosen, as
 * on the other activity pages): counts by state, outcomes, and the answers.
 */
export function FollowUpsView({ title, clientId, basePath }: { title: string; clientId?: number; basePath?: string }) {
  const t = useT();
  const [picked, setPicked] = useState<number | undefined>(undefined);
  const chosen = clientId ?? picked;
  const [dates, setDates] = useState({ from: '', to: '' });
  // A range that ends before it starts is not sent; the dates are corrected first.
  const rangeBackwards = Boolean(dates.from && dates.to && dates.from > dates.to);
  const period = rangeBackwards ? {} : Object.fromEntries(Object.entries(dates).filter(([, v]) => v));
  const data = useFigures('activity_follow_ups', clientQuery(chosen, period));
  const [state, setState] = useState('');
  const setDate = (name: keyof typeof dates) => (e: { target: { value: string } }) => setDates({ ...dates, [name]: e.target.value });
  return (
    <section className="report-page" aria-labelledby="page-heading">
      <h1 id="page-heading">{title}</h1>
      {data === null ? (
        <p role="status">{t('staff.overview.loading')}</p>
      ) : data === 'failed' ? (
        <p role="alert">{t('staff.fu.failed')}</p>
      ) : (
        <>
          <ClientPicker clients={data.clients} value={data.client_id} basePath={basePath} onPick={setPicked} />
          <FilterPanel>
            <form className="activity-filters" aria-label={t('staff.fu.period')} onSubmit={(e) => e.preventDefault()}>
              <div className="field">
                <label htmlFor="fu-from">{t('staff.from')}</label>
                <input id="fu-from" type="date" value={dates.from} onChange={setDate('from')} />
              </div>
              <div className="field">
                <label htmlFor="fu-to">{t('staff.to')}</label>
                <input id="fu-to" type="date" value={dates.to} onChange={setDate('to')} />
              </div>
            </form>
          </FilterPanel>
          {rangeBackwards ? (
            <p role="alert">{t('staff.range_backwards')}</p>
          ) : (
            <p>{t('staff.range', { from: formatDay(data.range.from), to: formatDay(data.range.to) })}</p>
          )}
          <p>{t('staff.fu.intro', { days: data.answer_window_days })}</p>
          <StatCards
            label={t('staff.fu.by_state')}
            items={(Object.keys(FOLLOW_UP_STATE) as (keyof typeof FOLLOW_UP_STATE)[]).map((k) => ({
              label: t(FOLLOW_UP_STATE[k]),
              value: figure(data.counts[k]),
            }))}
          />
          <h2>{t('staff.fu.outcomes')}</h2>
          {!data.outcomes.answered ? (
            <p>{t('staff.fu.none_answered')}</p>
          ) : (
            <FigureTable
              caption={t(data.outcomes.employees === 1 ? 'staff.fu.caption_one' : 'staff.fu.caption', {
                count: figure(data.outcomes.employees),
              })}
              head={[t('staff.fu.outcome'), t('staff.fu.recommendations')]}
              rows={[
                [t('staff.outcome.done'), figure(data.outcomes.recommendations?.done)],
                [t('staff.outcome.in_progress'), figure(data.outcomes.recommendations?.in_progress)],
                [t('staff.outcome.not_done'), figure(data.outcomes.recommendations?.not_done)],
                [t('staff.fu.without_discomfort'), figure(data.outcomes.without_discomfort)],
                [t('staff.fu.with_comment'), figure(data.outcomes.comments)],
              ]}
              empty=""
            />
          )}
          <h2>{t('staff.fu.answers')}</h2>
          <div className="activity-filters">
            <div className="field">
              <label htmlFor="follow-up-state">{t('staff.state')}</label>
              <select id="follow-up-state" value={state} onChange={(e) => setState(e.target.value)}>
                <option value="">{t('staff.all')}</option>
                {Object.entries(FOLLOW_UP_STATE).map(([k, v]) => (
                  <option key={k} value={k}>
                    {t(v)}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <FollowUpsGrid clientId={data.client_id} state={state} period={period} />
        </>
      )}
    </section>
  );
}
