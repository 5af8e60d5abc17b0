import { href } from '../../../../../generated/routes';
import { AppLink } from '../../../components/links/app-link';
import type { InterfaceKey } from '../../../i18n/keys';
import { useT } from '../../../i18n/texts';
import { shown } from './overview-data';
import { useOverviewPanel } from './use-overview-panel';

/** A table wider than a phone scrolls in its own box, which takes the focus so a keyboard can scroll it (WCAG 2.1.1). */
function Table({ caption, head, rows }: { caption: string; head: string[]; rows: string[][] }) {
  return (
    <div className="training-table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table className="report-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {head.map((h, j) => (
              <th key={h} scope="col" className={j ? 'num' : undefined}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i}>
              <th scope="row">{r[0]}</th>
              {r.slice(1).map((c, j) => (
                <td key={j} className="num">
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The Programme Overview's training panel (docs/product.md "Training: the programme manager's
 * figures"): the courses assigned in the period by their state today, the completion rate, and each
 * module's first-try pass rate, each with how it is counted; a link to the training activity page.
 * Loaded beside the overview for the same query, and only for a reader who may see it.
 */
export function TrainingPanel({ query }: { query: string }) {
  const t = useT();
  const { data, failed } = useOverviewPanel('program_overview_training', query);

  const modules = data?.courses.flatMap((c) => c.modules.map((m) => ({ course: c.title, ...m }))) ?? [];
  return (
    <section aria-labelledby="overview-training" className="outcomes-panel training-panel" aria-busy={!data && !failed}>
      <h2 id="overview-training">{t('staff.training.title')}</h2>
      {failed ? (
        <p role="alert" className="form-error">
          {t('staff.training.load_failed')}
        </p>
      ) : !data ? (
        <p role="status">{t('staff.training.loading')}</p>
      ) : data.courses.length === 0 ? (
        <p>{t('staff.training.empty')}</p>
      ) : (
        <>
          <p className="outcomes-intro">{t('staff.training.intro', { count: shown(data.employees) })}</p>
          <ul className="headline-grid outcomes-grid" aria-label={t('staff.training.title')}>
            {data.figures.map((f) => (
              <li key={f.key} className="card headline-card" data-training={f.key}>
                <p className="headline-label">{t(`staff.training.label.${f.key}` as InterfaceKey)}</p>
                <p className="headline-value">{shown(f.value)}</p>
                {f.key !== 'training_assigned' && f.value !== null && f.share !== null && (
                  <p className="headline-change">{t('staff.training.share_of_assigned', { share: shown(f.share, '%') })}</p>
                )}
                <details className="headline-how">
                  <summary>{t('staff.figures.how_counted')}</summary>
                  <p>{t(f.how as InterfaceKey)}</p>
                </details>
              </li>
            ))}
          </ul>
          <Table
            caption={t('staff.training.by_course')}
            head={[
              t('staff.training.course'),
              t('staff.training.label.training_assigned'),
              t('staff.training.label.training_completed'),
              t('staff.training.completion'),
              t('staff.training.label.training_in_progress'),
              t('staff.training.label.training_overdue'),
            ]}
            rows={data.courses.map((c) => [
              c.title,
              shown(c.assigned),
              shown(c.completed),
              shown(c.completion, '%'),
              shown(c.in_progress),
              shown(c.overdue),
            ])}
          />
          <Table
            caption={t('staff.training.by_module')}
            head={[t('staff.training.module'), t('staff.training.tried'), t('staff.training.pass_rate')]}
            rows={modules.map((m) => [`${m.course}: ${m.title}`, shown(m.tried), shown(m.pass_rate, '%')])}
          />
          <details className="headline-how">
            <summary>{t('staff.figures.how_counted')}</summary>
            <p>{t(data.pass_rate_how as InterfaceKey)}</p>
          </details>
          <p>
            <AppLink to={href('training_activity')}>{t('staff.training.see_activity')}</AppLink>
          </p>
        </>
      )}
    </section>
  );
}
