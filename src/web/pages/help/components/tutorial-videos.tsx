import { VideoCard } from '../../../components/video/video-card';
import { useVideos } from '../../../components/video/use-videos';
import { useT } from '../../../i18n/texts';

/** SPEC §2 help centre "dashboard tutorials (lists of videos)": the library's Dashboard tutorials, only when there are some. */
export function TutorialVideos() {
  const videos = useVideos('help_tutorial_videos');
  const t = useT();
  // No promise of videos that are not there: the written tutorials above cover the same ground.
  if (videos === null || videos.length === 0) return null;
  return (
    <ul className="video-grid" aria-label={t('help.tutorial_videos')}>
      {videos.map((v) => (
        <VideoCard key={v.id} video={v} />
      ))}
    </ul>
  );
}
