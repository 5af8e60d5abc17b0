import { useEffect, useState, type FormEvent } from 'react';
import { Link } from '../../app/history';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import type { ApiBody, ApiResponse } from '../../../../generated/api-types';
import { useClientTextsState } from '../../components/client-texts/use-client-texts';
import { RequestDiscomfort, type DiscomfortAnswers } from '../../components/discomfort/request-discomfort';
import { evaluationReportHref } from '../../components/reports/reports-table';
import { formatDate } from '../../components/reports/report-labels';
import '../../components/content/content.css';
import '../../components/reports/report.css';
import type { InterfaceKey } from '../../i18n/keys';
import { fillNodes } from '../../i18n/fill';
import { useLocale, useT } from '../../i18n/texts';
import { href } from '../../../../generated/routes';

type Progress = 'done' | 'in_progress' | 'not_done';
type FollowUp = ApiResponse<'follow_up_get'>['follow_up'];
const PROGRESS: { value: Progress; label: InterfaceKey }[] = [
  { value: 'done', label: 'staff.outcome.done' },
  { value: 'in_progress', label: 'staff.outcome.in_progress' },
  { value: 'not_done', label: 'staff.outcome.not_done' },
];
const MAX_COMMENT = 2000;

/**
 * The employee's follow-up of a finalized evaluation (SPEC §1, §2 /follow-up-feedback): for each
 * recommendation done / in progress / not done, their discomfort now on the same Cornell regions as
 * the request, and a comment. Answered once; reached from the e-mail, My Reports and the report.
 */
export default function FollowUpPage({ params }: PageProps) {
  const t = useT();
  const locale = useLocale();
  const { texts } = useClientTextsState('ergo-eval');
  const [followUp, setFollowUp] = useState<FollowUp | null | 'missing'>(null);
  const [progress, setProgress] = useState<(Progress | '')[]>([]);
  const [discomfort, setDiscomfort] = useState<DiscomfortAnswers>({});
  const [comment, setComment] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const id = params.id ?? '';
  useEffect(() => {
    if (!id) {
      setFollowUp('missing');
      return;
    }
    call('follow_up_get', { params: { id } }, { quiet: true }).then(
      ({ data }) => {
        const { follow_up } = data;
        setFollowUp(follow_up);
        setProgress(follow_up.recommendations.map(() => ''));
      },
      () => setFollowUp('missing'),
    );
  }, [id]);

  if (followUp === null)
    return (
      <section className="report-page">
        <h1>{t('staff.fup.title')}</h1>
        <p role="status">{t('staff.fup.loading')}</p>
      </section>
    );
  if (followUp === 'missing')
    return (
      <section className="report-page">
        <h1>{t('staff.fup.not_found')}</h1>
        <p role="alert">{t('staff.fup.not_yours')}</p>
        <p>
          <Link to={href('my_reports')}>{t('report.your_reports')}</Link>
        </p>
      </section>
    );
  if (followUp.answered_at || done) {
    return (
      <section className="report-page" aria-labelledby="page-heading">
        <h1 id="page-heading">{t('staff.fup.title')}</h1>
        <p role="status">
          {followUp.answered_at ? t('staff.fup.recorded_on', { date: formatDate(followUp.answered_at, locale) }) : t('staff.fup.recorded')}
        </p>
        <p>
          <Link to={evaluationReportHref(followUp.report_url)}>{t('staff.fup.read_again')}</Link> ·{' '}
          <Link to={href('my_reports')}>{t('menu.my_reports')}</Link>
        </p>
      </section>
    );
  }
  const missing = progress.findIndex((p) => p === '');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (missing >= 0) {
      document.getElementById(`rec-${missing}`)?.querySelector('input')?.focus();
      return;
    }
    setBusy(true);
    try {
      await call('follow_up_answer', {
        params: { id: followUp.id },
        body: {
          recommendations: progress,
          discomfort,
          ...(comment.trim() ? { comment: comment.trim() } : {}),
        } as ApiBody<'follow_up_answer'>,
      });
      setDone(true);
    } catch {
      /* the API client shows the server's message */
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="report-page" aria-labelledby="page-heading">
      <h1 id="page-heading">{t('staff.fup.title')}</h1>
      <p>
        {fillNodes(t('staff.fup.finalized_on'), {
          date: formatDate(followUp.finalized_at, locale),
          link: <Link to={evaluationReportHref(followUp.report_url)}>{t('staff.fup.read')}</Link>,
        })}
      </p>
      <form onSubmit={submit} noValidate>
        {followUp.recommendations.length > 0 && <h2>{t('staff.fup.how_far')}</h2>}
        {followUp.recommendations.map((r, i) => (
          <fieldset
            key={i}
            id={`rec-${i}`}
            className="field"
            aria-describedby={touched && progress[i] === '' ? `rec-${i}-error` : undefined}
          >
            <legend>
              {i + 1}. {r.label}
            </legend>
            {PROGRESS.map((p) => (
              <label key={p.value} className="choice">
                <input
                  type="radio"
                  name={`rec-${i}`}
                  value={p.value}
                  checked={progress[i] === p.value}
                  onChange={() => setProgress((all) => all.map((v, j) => (j === i ? p.value : v)))}
                />{' '}
                {t(p.label)}
              </label>
            ))}
            {touched && progress[i] === '' && (
              <p id={`rec-${i}-error`} className="field-error" role="alert">
                {t('staff.fup.choose_one')}
              </p>
            )}
          </fieldset>
        ))}
        {texts ? (
          <RequestDiscomfort texts={texts} value={discomfort} onChange={setDiscomfort} />
        ) : (
          <p role="status">{t('staff.fup.loading_regions')}</p>
        )}
        <div className="field">
          <label htmlFor="follow-up-comment">{t('staff.fup.comment')}</label>
          <textarea id="follow-up-comment" value={comment} maxLength={MAX_COMMENT} rows={4} onChange={(e) => setComment(e.target.value)} />
        </div>
        <button type="submit" className="button" disabled={busy}>
          {busy ? t('staff.fup.sending') : t('staff.fup.send')}
        </button>
      </form>
    </section>
  );
}
