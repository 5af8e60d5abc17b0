import { useEffect, useState } from 'react';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import type { ApiResponse } from '../../../../generated/api-types';
import { href } from '../../../../generated/routes';
import { AppLink } from '../../components/links/app-link';
import { formatDate } from '../../components/reports/report-labels';
import { useLocale, useT } from '../../i18n/texts';
import { callUrl } from '../../api/call-url';

type Row = ApiResponse<'my_training_list'>['rows'][number];

/**
 * My Training (docs/product.md "Training"): the employee's courses with their state, due date,
 * progress and certificate; each opens the course player where the employee left off.
 */
export default function MyTrainingPage(_props: PageProps) {
  const t = useT();
  const locale = useLocale();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    call('my_training_list', { query: {} })
      .then(({ data }) => setRows(data.rows))
      .catch(() => setFailed(true));
  }, []);

  return (
    <section aria-labelledby="page-heading" style={{ maxWidth: '60rem' }}>
      <h1 id="page-heading">{t('training.title')}</h1>
      <p>{t('training.intro')}</p>
      {failed && <p role="alert">{t('training.load_failed')}</p>}
      {rows === null && !failed && <p role="status">{t('training.loading')}</p>}
      {rows !== null && rows.length === 0 && <p>{t('training.empty')}</p>}
      {rows !== null && rows.length > 0 && (
        <ul style={{ listStyle: 'none', padding: 0, display: 'grid', gap: '1rem' }}>
          {rows.map((r) => (
            <li key={r.id} style={{ border: '1px solid #d9d6cf', borderRadius: 8, padding: '1rem' }} aria-labelledby={`course-${r.id}`}>
              <h2 id={`course-${r.id}`} style={{ marginTop: 0 }}>
                {r.title}
              </h2>
              <p>{r.summary}</p>
              <p>
                <strong>{t(`training.state.${r.state}`)}</strong>
                {' · '}
                {t(r.mandatory ? 'training.mandatory' : 'training.optional')}
                {' · '}
                {t('training.minutes', { minutes: String(r.minutes) })}
              </p>
              {r.state !== 'completed' && (
                <p style={r.overdue ? { color: '#b3261e' } : undefined}>
                  {t('training.due')}: {formatDate(r.due_at, locale)}
                  {r.overdue && ` · ${t('training.overdue')}`}
                </p>
              )}
              <div style={{ display: 'flex', alignItems: 'center', gap: '0.75rem', flexWrap: 'wrap' }}>
                <progress max={100} value={r.progress} aria-label={t('training.progress', { percent: String(r.progress) })} />
                <span>{t('training.progress', { percent: String(r.progress) })}</span>
              </div>
              {r.state === 'completed' && r.score !== null && (
                <p>
                  {t('training.score', { score: String(r.score) })}
                  {r.completed_at && ` · ${formatDate(r.completed_at, locale)}`}
                </p>
              )}
              <p style={{ display: 'flex', gap: '0.75rem', flexWrap: 'wrap' }}>
                <AppLink className="button" to={href('training_course', { course: r.course_id })}>
                  {t(r.state === 'assigned' ? 'training.start' : r.state === 'completed' ? 'training.review' : 'training.continue')}
                </AppLink>
                {r.state === 'completed' && (
                  <a className="button secondary" href={callUrl('training_certificate', { id: String(r.id) })} download>
                    {t('training.certificate')}
                  </a>
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
