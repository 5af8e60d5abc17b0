import { useState } from 'react';
import { FOLLOW_UP_STATE, FollowUpsGrid } from './activity-grids';
import { ClientPicker, FigureTable, StatCards, clientQuery, figure, useFigures } from './activity-parts';

/** SPEC §2 follow-up feedback of one client: counts by state, outcomes, and the answers. */
export function FollowUpsView({ title, clientId, basePath }: { title: string; clientId?: number; basePath?: string }) {
  const [picked, setPicked] = useState<number | undefined>(undefined);
  const chosen = clientId ?? picked;
  const data = useFigures('activity_follow_ups', clientQuery(chosen));
  const [state, setState] = useState('');
  return (
    <section className="report-page" aria-labelledby="page-heading">
      <h1 id="page-heading">{title}</h1>
      {data === null ? (
        <p role="status">Loading the figures…</p>
      ) : data === 'failed' ? (
        <p role="alert">These follow-ups could not be loaded, or the client is not one you look after.</p>
      ) : (
        <>
          <ClientPicker clients={data.clients} value={data.client_id} basePath={basePath} onPick={setPicked} />
          <p>
            Employees are asked how they are getting on after their evaluation report. A follow-up is due on its date and overdue{' '}
            {data.answer_window_days} days later without an answer.
          </p>
          <StatCards
            label="Follow-ups by state"
            items={(Object.keys(FOLLOW_UP_STATE) as (keyof typeof FOLLOW_UP_STATE)[]).map((k) => ({
              label: FOLLOW_UP_STATE[k],
              value: data.counts[k],
            }))}
          />
          <h2>Outcomes</h2>
          {data.outcomes.employees === 0 ? (
            <p>No employee has answered yet.</p>
          ) : (
            <FigureTable
              caption={`Recommendations as reported by ${data.outcomes.employees} employee${data.outcomes.employees === 1 ? '' : 's'} who answered`}
              head={['Outcome', 'Recommendations']}
              rows={[
                ['Done', figure(data.outcomes.recommendations?.done)],
                ['In progress', figure(data.outcomes.recommendations?.in_progress)],
                ['Not done', figure(data.outcomes.recommendations?.not_done)],
                ['Answers without remaining discomfort', figure(data.outcomes.without_discomfort)],
                ['Answers with a comment', data.outcomes.comments],
              ]}
              empty=""
            />
          )}
          <h2>Answers</h2>
          <div className="activity-filters">
            <div className="field">
              <label htmlFor="follow-up-state">State</label>
              <select id="follow-up-state" value={state} onChange={(e) => setState(e.target.value)}>
                <option value="">All</option>
                {Object.entries(FOLLOW_UP_STATE).map(([k, v]) => (
                  <option key={k} value={k}>
                    {v}
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
