import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from '../../app/history';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import type { ApiBody, ApiResponse } from '../../../../generated/api-types';
import type { WorkArea } from '../../../shared/assessment/types';
import { formatDate } from '../../components/reports/report-labels';
import { pageText } from '../../components/assessment/page-text';
import { useT } from '../../i18n/texts';
import './components/assessment.css';
import { href } from '../../../../generated/routes';

type Overview = ApiResponse<'assessment_overview'>;

/**
 * SPEC §2 /user/self_assessment_signup: choose the work area, see earlier attempts, continue an
 * unfinished one or start again, optionally from the previous answers (SPEC §1: unlimited attempts).
 */
export default function SelfAssessmentSignupPage(_props: PageProps) {
  const navigate = useNavigate();
  const [overview, setOverview] = useState<Overview | null>(null);
  const [area, setArea] = useState('office');
  const [fromPrevious, setFromPrevious] = useState(false);
  const [busy, setBusy] = useState(false);
  const ui = useT();
  useEffect(() => {
    call('assessment_overview').then(
      ({ data }) => {
        setOverview(data);
        // Only the areas the client offers are listed; the choice starts on the first of them.
        setArea((a) => data.areas.find((offered) => offered === a) ?? data.areas[0] ?? '');
      },
      () => setOverview({ language: 'en', texts: {}, areas: [], in_progress: [], submitted: [] }),
    );
  }, []);

  const hasPrevious = overview?.submitted.some((s) => s.area === area) ?? false;
  const start = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const { data } = await call('assessment_start', {
        body: { area: area as ApiBody<'assessment_start'>['area'], from_previous: hasPrevious && fromPrevious },
      });
      navigate(`${href('self_assessment')}?attempt=${data.attempt.id}`);
    } catch {
      setBusy(false);
    }
  };

  if (!overview)
    return (
      <section className="assessment-page">
        <p role="status">{ui('page.loading')}</p>
      </section>
    );
  // The page reads in the employee's language (SPEC §2 profile languages; texts from the server).
  const t = pageText(overview.texts);
  const locale = overview.language === 'cn' ? 'zh-CN' : overview.language;
  const title = (a: string) => overview.texts[`area.${a}.title`] ?? a;
  const band = (b: string) => (['low', 'moderate', 'high'].includes(b) ? t(`ui.band.${b as 'low' | 'moderate' | 'high'}`) : b);
  return (
    <section className="assessment-page" aria-labelledby="page-heading">
      <h1 id="page-heading">{t('ui.signup.title')}</h1>
      <p>{t('ui.signup.intro')}</p>
      {overview.in_progress.length > 0 && (
        <div className="panel">
          <h2>{t('ui.signup.continue_heading')}</h2>
          <ul className="attempt-list">
            {overview.in_progress.map((a) => (
              <li key={a.id}>
                <Link to={`${href('self_assessment')}?attempt=${a.id}`}>{t('ui.signup.continue', { title: title(a.area) })}</Link>{' '}
                <span className="muted">({t('ui.signup.saved', { date: formatDate(a.updated_at, locale) })})</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      <form onSubmit={start}>
        <fieldset className="area-choices">
          <legend>
            <h2>{t('ui.signup.where')}</h2>
          </legend>
          {overview.areas.map((a) => (
            <label key={a}>
              <input type="radio" name="area" value={a} checked={area === a} onChange={() => setArea(a)} /> <strong>{title(a)}</strong>
              <br />
              <span className="muted">{t(`ui.signup.hint.${a as WorkArea}`)}</span>
            </label>
          ))}
        </fieldset>
        {hasPrevious && (
          <p>
            <label>
              <input type="checkbox" checked={fromPrevious} onChange={(e) => setFromPrevious(e.target.checked)} />{' '}
              {t('ui.signup.from_previous')}
            </label>
          </p>
        )}
        <button type="submit" className="button" disabled={busy || !area}>
          {t(busy ? 'ui.signup.starting' : 'ui.signup.start')}
        </button>
      </form>
      <h2>{t('ui.signup.previous')}</h2>
      {overview.submitted.length === 0 ? (
        <p>{t('ui.signup.none')}</p>
      ) : (
        <ul className="attempt-list">
          {overview.submitted.map((s) => (
            <li key={s.url}>
              <Link to={href('my_reports_viewreport', { url: s.url })}>
                {title(s.area)}, {formatDate(s.submitted_at, locale)}
              </Link>
              : {s.overall.score} {t('ui.report.out_of', { max: s.overall.max })} ({band(s.overall.band)})
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
