import { Link } from '../../app/history';
import type { PageProps } from '../../app/page-props';
import { ContentView } from '../../components/content/content-view';
import { byBaseName, useContent, type ContentDoc } from '../../components/content/use-content';
import { NotFoundMessage } from '../../components/errors/not-found-message';
import { useT } from '../../i18n/texts';
import { href } from '../../../../generated/routes';

/** content/equipment/<slug>.md: how to choose and set up each item a report recommends. */
const items = byBaseName(import.meta.glob<ContentDoc>('../../../../content/equipment/*.md', { import: 'default' }));

/**
 * SPEC §2: the catch-all /user/{url} is the recommended-equipment view. Report findings link here
 * (/user/<equipment-slug>); a slug with no page answers with the not-found page.
 */
export default function RecommendedEquipmentPage({ params }: PageProps) {
  const slug = params.url ?? '';
  const t = useT();
  const known = Object.hasOwn(items, slug);
  const doc = useContent(items, known ? slug : null);
  if (!known) return <NotFoundMessage />;
  return (
    <>
      <ContentView doc={doc} fallbackTitle={t('equipment.fallback_title')} />
      <aside className="content-page" aria-label={t('equipment.next_step')}>
        <p>
          <Link to={href('my_reports')}>{t('equipment.back_to_reports')}</Link> ·{' '}
          <Link to={href('accessories')}>{t('equipment.all_accessories')}</Link>
        </p>
      </aside>
    </>
  );
}
