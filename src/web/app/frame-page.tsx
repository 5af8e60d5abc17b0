import type { PageProps } from './page-props';
import { routeTitle } from '../i18n/menu-label';
import { useT } from '../i18n/texts';

/**
 * A real frame for pages whose content is not built yet: the title, the layout around it and what
 * the page is for, never a blank screen.
 */
export function FramePage({ route }: PageProps) {
  const t = useT();
  return (
    <section className="frame-page" aria-labelledby="page-heading">
      <h1 id="page-heading">{routeTitle(t, route)}</h1>
      <div className="panel">
        <p>{t('shell.frame_prepared')}</p>
        <p className="muted">{t('shell.frame_help')}</p>
      </div>
    </section>
  );
}
