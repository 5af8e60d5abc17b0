import { useEffect, useState, type FormEvent } from 'react';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import type { ApiBody } from '../../../../generated/api-types';
import { useClientTextsState } from '../../components/client-texts/use-client-texts';
import { MyEvaluationRequests } from './components/my-evaluation-requests';
import { readPhotos } from './components/read-photos';
import { RequestDiscomfort, type DiscomfortAnswers } from '../../components/discomfort/request-discomfort';
import { useLocale, useT } from '../../i18n/texts';
import '../../components/content/content.css';
import { EVALUATION_MINUTES } from '../../../shared/evaluations/meeting-length';

const MAX_TIMES = 500;
const MAX_NOTES = 2000;
const WORK_AREAS = ['Office', 'Home', 'Anywhere', 'Lab', 'Travel'] as const;

/** The browser's IANA time zone, the default of the time-zone field. */
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
const zones = (): string[] => (typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [browserZone()]);

/**
 * SPEC §2 /user/schedule_eval: ask for a one-to-one virtual evaluation (work area, discomfort by body
 * region, availability in the employee's time zone, notes, up to 5 photos) and follow one's requests.
 * Every word comes from content/client-texts/ergo-eval.yaml or the client's own wording.
 */
export default function ScheduleEvaluation({ route }: PageProps) {
  const { texts, status } = useClientTextsState('ergo-eval');
  const t = useT();
  const locale = useLocale();
  const [workArea, setWorkArea] = useState<(typeof WORK_AREAS)[number]>('Office');
  // Only the work areas the client offers (its settings and content access); the server checks again.
  const [offered, setOffered] = useState<readonly (typeof WORK_AREAS)[number][]>(WORK_AREAS);
  useEffect(() => {
    let live = true;
    call('work_areas', {}, { quiet: true })
      .then(({ data }) => {
        const names = WORK_AREAS.filter((area) => data.areas.some((a) => a.name === area));
        if (!live || names.length === 0) return;
        setOffered(names);
        setWorkArea((current) => (names.includes(current) ? current : names[0]));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  const [discomfort, setDiscomfort] = useState<DiscomfortAnswers>({});
  const [times, setTimes] = useState('');
  const [timeZone, setTimeZone] = useState(browserZone);
  const [notes, setNotes] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [photoError, setPhotoError] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(0);
  const loadFailed = status === 'failed';
  if (!texts) {
    return (
      <section className="content-page" aria-labelledby="page-heading">
        <h1 id="page-heading">{route.title}</h1>
        {loadFailed ? <p role="alert">{t('page.load_failed')}</p> : <p role="status">{t('page.loading')}</p>}
      </section>
    );
  }
  const error = touched && !times.trim() ? t('evaluation.times_required') : '';
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!times.trim()) return;
    const photos = await readPhotos(files);
    if (typeof photos === 'string') {
      setPhotoError(photos);
      return;
    }
    setBusy(true);
    try {
      await call('request_evaluation', {
        body: {
          work_area: workArea,
          // Regions left unanswered are absent, never undefined (DiscomfortAnswers is Partial).
          discomfort: discomfort as ApiBody<'request_evaluation'>['discomfort'],
          preferred_times: times.trim(),
          time_zone: timeZone,
          ...(notes.trim() ? { notes: notes.trim() } : {}),
          ...(photos.length ? { photos } : {}),
        },
      });
      setSent((n) => n + 1);
      setTimes('');
      setNotes('');
      setFiles([]);
      setDiscomfort({});
      setTouched(false);
    } catch {
      /* the API client shows the server's message */
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="content-page" aria-labelledby="page-heading">
      <h1 id="page-heading">{texts.page_title}</h1>
      <p className="lead">{texts.intro.replace('{minutes}', String(EVALUATION_MINUTES))}</p>
      <p>{texts.who_it_is_for}</p>
      <p>{texts.what_to_prepare}</p>
      <p>{texts.report_time}</p>
      {sent > 0 && <p role="status">{texts.success_message}</p>}
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="eval-area">{texts.work_area_label}</label>
          <select id="eval-area" value={workArea} onChange={(e) => setWorkArea(e.target.value as (typeof WORK_AREAS)[number])}>
            {offered.map((area) => (
              <option key={area} value={area}>
                {texts[`work_areas.${area}`] ?? area}
              </option>
            ))}
          </select>
        </div>
        <RequestDiscomfort texts={texts} value={discomfort} onChange={setDiscomfort} />
        <div className="field">
          <label htmlFor="eval-times">{texts.preferred_times_label}</label>
          <textarea
            id="eval-times"
            rows={3}
            maxLength={MAX_TIMES}
            value={times}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? 'eval-times-error' : undefined}
            onChange={(e) => {
              setTimes(e.target.value);
              setTouched(true);
            }}
            onBlur={() => setTouched(true)}
          />
          {error && (
            <p id="eval-times-error" className="field-error">
              {error}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor="eval-zone">{texts.time_zone_label}</label>
          <select id="eval-zone" value={timeZone} onChange={(e) => setTimeZone(e.target.value)}>
            {[...new Set([timeZone, ...zones()])].map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="eval-notes">{texts.notes_label}</label>
          <textarea id="eval-notes" rows={5} maxLength={MAX_NOTES} value={notes} onChange={(e) => setNotes(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="eval-photos">{texts.photos_label}</label>
          <p id="eval-photos-help" className="field-help">
            {texts.photos_help}
          </p>
          <input
            id="eval-photos"
            type="file"
            accept="image/jpeg,image/png"
            multiple
            aria-describedby={photoError ? 'eval-photos-error' : 'eval-photos-help'}
            onChange={(e) => {
              setFiles([...(e.target.files ?? [])]);
              setPhotoError('');
            }}
          />
          {photoError && (
            <p id="eval-photos-error" className="field-error">
              {photoError}
            </p>
          )}
        </div>
        <button type="submit" className="button" disabled={busy}>
          {texts.submit_label}
        </button>
      </form>
      <MyEvaluationRequests texts={texts} version={sent} locale={locale} />
    </section>
  );
}
