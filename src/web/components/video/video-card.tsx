import { VideoPlayer, type VideoItem } from './video-player';

/** One video in a grid: the click-to-play player, its title and description. */
export function VideoCard({ video, headingLevel = 3 }: { video: VideoItem; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <li className="video-card">
      <VideoPlayer video={video} />
      <Heading>{video.title}</Heading>
      {video.description && <p className="muted">{video.description}</p>}
    </li>
  );
}
