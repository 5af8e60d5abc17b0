import { useEffect, useState } from 'react';
import { apiGet } from '../../api/client';
import type { VideoItem } from './video-player';

/**
 * Loads videos from an API path; `null` while loading, `[]` on failure (the API client's toast
 * explains). Pass a changing `version` to reload after an admin change.
 */
export function useVideos(path: string, version = 0): VideoItem[] | null {
  const [videos, setVideos] = useState<VideoItem[] | null>(null);
  useEffect(() => {
    let live = true;
    apiGet<{ videos: VideoItem[] }>(path).then(
      ({ data }) => {
        if (live) setVideos(data.videos);
      },
      () => {
        if (live) setVideos([]);
      },
    );
    return () => {
      live = false;
    };
  }, [path, version]);
  return videos;
}
