import { useMemo, useState } from 'react';
import routines from 'virtual:routines';
import type { PageProps } from '../../app/page-props';
import { routes } from '../../../../generated/routes';
import { guidanceFileKey } from '../../../shared/signed-in-pages';
import { useLinkTarget } from '../../components/links/app-link';
import { RoutineCard } from '../../components/video/routine-card';
import { VideoCard } from '../../components/video/video-card';
import { useVideos } from '../../components/video/use-videos';
import { routeTitle } from '../../i18n/menu-label';
import { useT } from '../../i18n/texts';

/**
 * SPEC §2 /user/video_library (site-video-page-only-view) and the branded ergo-videos page:
 * videos by category with search. Nothing is requested from a video host before play. Beside the
 * videos, the guidance pages' animated routines (virtual:routines), each opening its routine's page
 * at the reader's own address, and only where the reader may open it (link-access.ts).
 */
export default function VideoLibrary({ route }: PageProps) {
  const videos = useVideos('videos');
  const t = useT();
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<string | null>(null);
  const target = useLinkTarget();
  const openable = useMemo(
    () =>
      routines.flatMap((r) => {
        const page = routes.find(
          (route) =>
            route.page === 'guidance/guidance-page' &&
            typeof route.contentSlug === 'string' &&
            guidanceFileKey(route.contentSlug) === r.file,
        );
        const to = page ? target(page.path) : null;
        return to ? [{ routine: r, to }] : [];
      }),
    [target],
  );
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const matches = (c: string, text: string) => (!category || c === category) && words.every((w) => text.toLowerCase().includes(w));
  const shown = (videos ?? []).filter((v) => matches(v.category, `${v.title} ${v.description}`));
  const shownRoutines = openable.filter(({ routine }) => matches(routine.category, `${routine.title} ${routine.summary}`));
  // Categories as the server orders them (manifest/forms/video.yaml lists the choices), then the routines'.
  const present = [
    ...new Set([...(videos ?? []).map((v) => v.category), ...(videos === null ? [] : openable.map((o) => o.routine.category))]),
  ];
  return (
    <section className="content-page" aria-labelledby="page-heading" aria-busy={videos === null}>
      <h1 id="page-heading">{routeTitle(t, route)}</h1>
      <p className="lead">{t('videos.lead')}</p>
      <div className="field">
        <label htmlFor="video-search">{t('videos.search')}</label>
        <input
          id="video-search"
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t('videos.search_hint')}
        />
      </div>
      {present.length > 1 && (
        <div className="video-filters" role="group" aria-label={t('videos.category')}>
          <button type="button" className="button secondary" aria-pressed={category === null} onClick={() => setCategory(null)}>
            {t('videos.all')}
          </button>
          {present.map((c) => (
            <button key={c} type="button" className="button secondary" aria-pressed={category === c} onClick={() => setCategory(c)}>
              {c}
            </button>
          ))}
        </div>
      )}
      <p role="status" aria-live="polite">
        {videos === null ? t('videos.loading') : t(shown.length === 1 ? 'videos.count_one' : 'videos.count', { count: shown.length })}
      </p>
      {videos !== null && videos.length === 0 && <p>{t('videos.none')}</p>}
      {videos !== null && videos.length + openable.length > 0 && shown.length + shownRoutines.length === 0 && <p>{t('videos.no_match')}</p>}
      {present.map((c) => {
        const inCategory = shown.filter((v) => v.category === c);
        const routinesIn = shownRoutines.filter((o) => o.routine.category === c);
        if (inCategory.length === 0 && routinesIn.length === 0) return null;
        return (
          <section key={c} aria-labelledby={`category-${c.replace(/\W+/g, '-')}`}>
            <h2 id={`category-${c.replace(/\W+/g, '-')}`}>{c}</h2>
            <ul className="video-grid">
              {inCategory.map((v) => (
                <VideoCard key={v.id} video={v} />
              ))}
              {routinesIn.map(({ routine, to }) => (
                <RoutineCard key={routine.file} routine={routine} to={to} />
              ))}
            </ul>
          </section>
        );
      })}
    </section>
  );
}
