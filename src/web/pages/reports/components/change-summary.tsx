import type { AssessmentChange } from '../../../../shared/assessment/types';
import type { PageText } from '../../../components/assessment/page-text';

/** The change since the previous attempt at the same work area (SPEC §1: assessments are repeated). */
export function ChangeSummary({ change, score, t }: { change: AssessmentChange; score: number; t: PageText }) {
  return (
    <section aria-labelledby="change-heading" className="panel">
      <h2 id="change-heading">{t('ui.report.change')}</h2>
      <p>
        {t('ui.report.previous', { before: change.previousScore, after: score, delta: `${change.delta > 0 ? '+' : ''}${change.delta}` })}{' '}
        {change.summary}
      </p>
      {change.parts.length > 0 && (
        <table className="report-table">
          <caption className="visually-hidden">{t('ui.report.parts')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('ui.report.part')}</th>
              <th scope="col">{t('ui.report.before')}</th>
              <th scope="col">{t('ui.report.now')}</th>
            </tr>
          </thead>
          <tbody>
            {change.parts.map((p) => (
              <tr key={p.id}>
                <th scope="row">{p.label}</th>
                <td>{p.before}</td>
                <td>{p.after}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {change.resolvedFindings.length > 0 && (
        <>
          <h3>{t('ui.report.resolved')}</h3>
          <ul>
            {change.resolvedFindings.map((id, i) => (
              <li key={id}>{change.resolvedTitles?.[i] ?? id}</li>
            ))}
          </ul>
        </>
      )}
      {change.newFindings.length > 0 && (
        <>
          <h3>{t('ui.report.new')}</h3>
          <ul>
            {change.newFindings.map((id, i) => (
              <li key={id}>{change.newTitles?.[i] ?? id}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
