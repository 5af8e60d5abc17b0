import { useState } from 'react';
import { FOLLOW_UP_STATE, FollowUpsGrid } from './activity-later-grids';
import { ClientPicker, FigureTable, StatCards, clientQuery, figure, useFigures } from './activity-parts';
import { useT } from '../../../../i18n/texts';

/** SPEC §2 follow-up feedback of one client: counts by state, outcomes, and the answers. */
export function FollowUpsView({ title, clientId, basePath }: { title: string; clientId?: number; basePath?: string }) {
  const t = useT();
  const [picked, setPicked] = useState<number | undefined>(undefined);
  const chosen = clientId ?? picked;
  const data = useFigures('activity_follow_ups', clientQuery(chosen));
  const [state, setState] = useState('');
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
          <FollowUpsGrid clientId={data.client_id} state={state} />
        </>
      )}
    </section>
  );
}
