import { useState } from 'react';
import { embedFor } from '../../../shared/video-embed';
import { VideoPoster } from './video-poster';
import './video.css';
import { useT } from '../../i18n/texts';

export interface VideoItem {
  readonly id: number;
  readonly title: string;
  readonly url: string;
  readonly category: string;
  readonly description: string;
}

/**
 * A video that loads nothing from its host until the viewer presses play: a local SVG poster
 * button first, then the host's privacy-enhanced player in an iframe (src/shared/video-embed.ts).
 *
 * @example
 *   <VideoPlayer video={{ id: 1, title: 'Desk set-up', url: 'https://youtu.be/F8_ME4VwTiw', category: 'Workstation set-up', description: '' }} />
 */
export function VideoPlayer({ video }: { video: VideoItem }) {
  const [playing, setPlaying] = useState(false);
  const t = useT();
  const embed = embedFor(video.url);
  if (!embed) return <p className="muted">{t('video.unsupported')}</p>;
  return (
    <div className="video-frame">
      {playing ? (
        <iframe
          src={embed.src}
          title={video.title}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          loading="lazy"
        />
      ) : (
        <button type="button" className="video-play" onClick={() => setPlaying(true)} aria-label={t('video.play', { title: video.title })}>
          <VideoPoster title={video.title} category={video.category} host={embed.host} />
        </button>
      )}
    </div>
  );
}
