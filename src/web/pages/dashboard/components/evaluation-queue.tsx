import { AppLink } from '../../../components/links/app-link';
import { areaName, formatDate } from '../../../components/reports/report-labels';
import type { WorklistReport } from './evaluation-types';
import { evaluationStatus, evaluationStatusBadge } from '../../../components/reports/status-labels';
import { useLocale, useT } from '../../../i18n/texts';
import { href } from '../../../../../generated/routes';

/** A list of reports with their status (SPEC §3 labels, each with its colour) linking to the page that acts on them. */
export function EvaluationQueue({
  rows,
  route,
  empty,
  caption,
}: {
  rows: WorklistReport[];
  route: 'editsurvey' | 'editclientreport' | 'own';
  empty: string;
  caption?: string;
}) {
  const t = useT();
  const locale = useLocale();
  if (rows.length === 0) return <p>{empty}</p>;
  const target = (r: WorklistReport) =>
    route === 'own'
      ? r.editable
        ? `${href('new_evaluation', { cid: r.client_id, uid: r.employee_id })}?evaluation=${r.id}`
        : href('editsurvey', { url: r.id })
      : href(route, { url: r.id });
  return (
    <div className="report-table-wrap">
      <table className="report-table">
        {caption && <caption className="visually-hidden">{caption}</caption>}
        <thead>
          <tr>
            <th scope="col">{t('report.employee')}</th>
            <th scope="col">{t('staff.client')}</th>
            <th scope="col">{t('report.work_area')}</th>
            {route !== 'own' && <th scope="col">{t('staff.eq.author')}</th>}
            <th scope="col">{t('staff.status')}</th>
            <th scope="col">{t('staff.eq.updated')}</th>
            <th scope="col">{t('staff.eq.open')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} data-evaluation-id={r.id}>
              <td>{r.employee}</td>
              <td>{r.company_name}</td>
              <td>{areaName(t, r.work_area.toLowerCase())}</td>
              {route !== 'own' && <td>{r.author}</td>}
              <td>
                <span {...evaluationStatusBadge(r.status)}>{evaluationStatus(t, r.status)}</span>
              </td>
              <td>{formatDate(r.updated_at, locale)}</td>
              <td>
                <AppLink to={target(r)} fallback={<span>—</span>}>
                  {route === 'own' && r.editable ? t('staff.eq.continue') : t('staff.eq.open')}
                  <span className="visually-hidden"> {t('staff.eq.report_on', { employee: r.employee })}</span>
                </AppLink>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
