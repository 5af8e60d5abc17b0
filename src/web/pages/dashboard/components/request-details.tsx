import type { ApiResponse } from '../../../../../generated/api-types';
import { callUrl } from '../../../api/call-url';
import { useLinkTarget } from '../../../components/links/app-link';
import { areaName, bandName, formatDate } from '../../../components/reports/report-labels';
import type { InterfaceKey } from '../../../i18n/keys';
import { useLocale, useT } from '../../../i18n/texts';
import { href } from '../../../../../generated/routes';

export type RequestDetails = ApiResponse<'evaluator_request'>['request'];

/**
 * The employee's request as the ergonomist reads it beside the report (SPEC §1): work area, when
 * they are available, the booked meeting in the reader's time zone, their notes, the latest
 * self-assessment (its report opens in a new tab) and the workstation photos.
 */
export function RequestDetailsView({ details }: { details: RequestDetails }) {
  const t = useT();
  const locale = useLocale();
  const a = details.assessment;
  const linkTarget = useLinkTarget();
  const reportAt = a?.report_token ? linkTarget(href('evaluator_employee_reports_viewreport', { url: a.report_token })) : null;
  return (
    <div className="request-details">
      <p>
        <strong>{t('staff.ne.work_area_label')}</strong> {areaName(t, details.work_area.toLowerCase())}
      </p>
      <p>
        <strong>{t('staff.inbox.status_label')}</strong> {t(`staff.request_status.${details.status}` as InterfaceKey)}
      </p>
      <p>
        <strong>{t('staff.inbox.available_label')}</strong> {details.preferred_times} ({details.time_zone})
      </p>
      {details.scheduled_at && (
        <p>
          <strong>{t('staff.ev.meeting')}:</strong>{' '}
          {new Date(details.scheduled_at).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' })}
          {details.meeting_url && (
            <>
              {' · '}
              <a href={details.meeting_url} target="_blank" rel="noopener noreferrer">
                {t('staff.inbox.join')}
              </a>
            </>
          )}
        </p>
      )}
      {details.notes && (
        <p>
          <strong>{t('staff.ne.notes_label')}</strong> {details.notes}
        </p>
      )}
      <h3>{t('staff.inbox.self_assessment')}</h3>
      {!a ? (
        <p>{t('staff.inbox.no_self_assessment')}</p>
      ) : (
        <p>
          {areaName(t, a.area.toLowerCase())}
          {a.submitted_at && <> · {formatDate(a.submitted_at, locale)}</>}
          {a.overall_score !== null && (
            <>
              {' · '}
              {t('staff.inbox.score', { score: a.overall_score })}
            </>
          )}
          {a.risk_band && <> · {bandName(t, a.risk_band)}</>}
          {reportAt && (
            <>
              {' · '}
              <a href={reportAt} target="_blank" rel="noopener noreferrer">
                {t('staff.inbox.open_self_assessment')}
              </a>
            </>
          )}
        </p>
      )}
      <h3>{t('staff.inbox.photos')}</h3>
      <div className="evaluation-photos">
        {details.photos.length === 0 ? (
          <p>{t('staff.ne.no_photo')}</p>
        ) : (
          details.photos.map((p) => (
            <a
              key={p.position}
              href={callUrl('evaluator_request_photo', { id: details.id, position: p.position })}
              target="_blank"
              rel="noopener noreferrer"
            >
              <img
                src={callUrl('evaluator_request_photo', { id: details.id, position: p.position })}
                alt={t('staff.ne.photo_alt', { n: p.position })}
                loading="lazy"
              />
            </a>
          ))
        )}
      </div>
    </div>
  );
}
