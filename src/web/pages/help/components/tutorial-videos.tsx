import { VideoCard } from '../../../components/video/video-card';
import { useVideos } from '../../../components/video/use-videos';

/** SPEC §2 help centre "dashboard tutorials (lists of videos)": the library's Dashboard tutorials. */
export function TutorialVideos() {
  const videos = useVideos('/help/tutorial-videos');
  if (videos === null) return <p role="status">Loading tutorial videos…</p>;
  if (videos.length === 0) return <p className="muted">Tutorial videos will appear here as our team records them; the answers below cover the same ground.</p>;
  return <ul className="video-grid" aria-label="Tutorial videos">{videos.map((v) => <VideoCard key={v.id} video={v} />)}</ul>;
}
