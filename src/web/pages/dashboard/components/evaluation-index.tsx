import { localizeSections } from '../../../../shared/evaluations/evaluation-texts';
import { sectionsFor } from '../../../../shared/evaluations/observation-form';
import { useT } from '../../../i18n/texts';
import { useEvaluationTexts } from './evaluation-texts';

/** The anchor of an observation section on the evaluation form. */
export const sectionAnchor = (id: string) => `ev-section-${id.replace(/[^a-z0-9]/gi, '-')}`;

/**
 * The evaluation form's sections as a list of links (SPEC §1 observation form): the work area, each
 * observation section of that area, the recommendations and the submit step. Plain in-page links,
 * so Tab and Enter reach them and the browser moves focus to the section.
 */
export function EvaluationIndex({ workArea, withSubmit }: { workArea: string; withSubmit: boolean }) {
  const t = useT();
  const texts = useEvaluationTexts();
  const sections = localizeSections(sectionsFor(workArea), texts);
  return (
    <nav className="evaluation-index" aria-label={t('staff.inbox.index')}>
      <ol>
        <li>
          <a href="#ev-work-area">{t('report.work_area')}</a>
        </li>
        {sections.map((s) => (
          <li key={s.id}>
            <a href={`#${sectionAnchor(s.id)}`}>{s.title}</a>
          </li>
        ))}
        <li>
          <a href="#ev-recommendations">{t('staff.fu.recommendations')}</a>
        </li>
        {withSubmit && (
          <li>
            <a href="#ev-submit">{t('staff.inbox.submit_step')}</a>
          </li>
        )}
      </ol>
    </nav>
  );
}
