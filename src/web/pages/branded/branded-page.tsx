import type { PageProps } from '../../app/page-props';
import { ContentView } from '../../components/content/content-view';
import { byBaseName, useContent, type ContentDoc } from '../../components/content/use-content';
import sources from '../../../../content/branded/sources.json';

/**
 * The branded sub-site (SPEC §2): its own pages in content/branded/<segment, "/" written "--">.md,
 * and, where the guidance is the same, the employee guide named in content/branded/sources.json
 * (written once, shown in both places).
 */
const branded = byBaseName(import.meta.glob<ContentDoc>('../../../../content/branded/*.md', { import: 'default' }));
const guidance = byBaseName(import.meta.glob<ContentDoc>('../../../../content/guidance/**/*.md', { import: 'default' }));
const shared = sources as Record<string, string>;

/** The loader for a branded content slug: its own file first, then the shared guide. */
export function loaderKey(slug: string | null): { set: 'branded' | 'guidance'; key: string } | null {
  if (!slug) return null;
  const key = slug.replace(/\//g, '--');
  if (branded[key]) return { set: 'branded', key };
  return shared[key] ? { set: 'guidance', key: shared[key] } : null;
}

export default function BrandedPage({ route }: PageProps) {
  const source = loaderKey(route.contentSlug);
  const doc = useContent(source?.set === 'guidance' ? guidance : branded, source?.key ?? null);
  return <ContentView doc={doc} fallbackTitle={route.title} />;
}
