import { useMemo, useState } from 'react';
import type { PageProps } from '../../app/page-props';
import { VideoCard } from '../../components/video/video-card';
import { useVideos } from '../../components/video/use-videos';
import { routeTitle } from '../../i18n/menu-label';
import { useT } from '../../i18n/texts';

/**
 * SPEC §2 /user/video_library (site-video-page-only-view) and the branded ergo-videos page:
 * videos by category with search. Nothing is requested from a video host before play.
 */
export default function VideoLibrary({ route }: PageProps) {
  const videos = useVideos('videos');
  const t = useT();
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<string | null>(null);
  const shown = useMemo(() => {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    return (videos ?? []).filter(
      (v) => (!category || v.category === category) && words.every((w) => `${v.title} ${v.description}`.toLowerCase().includes(w)),
    );
  }, [videos, query, category]);
  // Categories as the server orders them (manifest/forms/video.yaml lists the choices).
  const present = [...new Set((videos ?? []).map((v) => v.category))];
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
      {videos !== null && videos.length > 0 && shown.length === 0 && <p>{t('videos.no_match')}</p>}
      {present.map((c) => {
        const inCategory = shown.filter((v) => v.category === c);
        if (inCategory.length === 0) return null;
        return (
          <section key={c} aria-labelledby={`category-${c.replace(/\W+/g, '-')}`}>
            <h2 id={`category-${c.replace(/\W+/g, '-')}`}>{c}</h2>
            <ul className="video-grid">
              {inCategory.map((v) => (
                <VideoCard key={v.id} video={v} />
              ))}
            </ul>
          </section>
        );
      })}
    </section>
  );
}
