import { BACK_TO_TOP_PX, useScrollY } from './use-scroll';
import { useT } from '../i18n/texts';

/** SPEC §2: a back-to-top control appears after 1000 px of scroll. */
export function BackToTop() {
  const y = useScrollY();
  const t = useT();
  if (y <= BACK_TO_TOP_PX) return null;
  return (
    <button type="button" className="back-to-top" onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}>
      <span aria-hidden="true">↑</span> {t('shell.back_to_top')}
    </button>
  );
}
