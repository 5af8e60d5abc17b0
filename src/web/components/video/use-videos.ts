import { useEffect, useState } from 'react';
import { call } from '../../api/typed';
import type { VideoItem } from './video-player';

/**
 * Loads videos from one of the video calls; `null` while loading, `[]` on failure (the API client's toast
 * explains). Pass a changing `version` to reload after an admin change.
 */
export function useVideos(source: 'videos' | 'help_tutorial_videos', version = 0): VideoItem[] | null {
  const [videos, setVideos] = useState<VideoItem[] | null>(null);
  useEffect(() => {
    let live = true;
    call(source).then(
      ({ data }) => {
        if (live) setVideos((data as { videos: VideoItem[] }).videos);
      },
      () => {
        if (live) setVideos([]);
      },
    );
    return () => {
      live = false;
    };
  }, [source, version]);
  return videos;
}
