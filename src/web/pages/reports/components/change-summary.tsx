import type { AssessmentChange } from '../../../../shared/assessment/types';

/** The change since the previous attempt at the same work area (SPEC §1: assessments are repeated). */
export function ChangeSummary({ change, score }: { change: AssessmentChange; score: number }) {
  const direction = change.delta < 0 ? 'lower' : change.delta > 0 ? 'higher' : 'the same';
  return (
    <section aria-labelledby="change-heading" className="panel">
      <h2 id="change-heading">Change since your previous assessment</h2>
      <p>Previous score {change.previousScore}, now {score} ({change.delta > 0 ? '+' : ''}{change.delta}, {direction}). {change.summary}</p>
      {change.parts.length > 0 && (
        <table className="report-table">
          <caption className="visually-hidden">Scores by part, before and now</caption>
          <thead><tr><th scope="col">Part</th><th scope="col">Before</th><th scope="col">Now</th></tr></thead>
          <tbody>{change.parts.map((p) => <tr key={p.id}><th scope="row">{p.label}</th><td>{p.before}</td><td>{p.after}</td></tr>)}</tbody>
        </table>
      )}
      {change.resolvedFindings.length > 0 && <><h3>Resolved since last time</h3><ul>{change.resolvedFindings.map((f) => <li key={f}>{f}</li>)}</ul></>}
      {change.newFindings.length > 0 && <><h3>New since last time</h3><ul>{change.newFindings.map((f) => <li key={f}>{f}</li>)}</ul></>}
    </section>
  );
}
