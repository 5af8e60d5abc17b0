/**
 * Where a library video plays: the privacy-enhanced player of its host (YouTube's no-cookie domain,
 * Vimeo with do-not-track), built from an address that passed SPEC §5's video URL rule. The CSP's
 * frame-src (src/server/http/security.ts) lists exactly these player origins.
 *
 * @example
 *   embedFor('https://youtu.be/F8_ME4VwTiw')?.src // 'https://www.youtube-nocookie.com/embed/F8_ME4VwTiw?autoplay=1&rel=0'
 */
export interface Embed {
  readonly host: 'YouTube' | 'Vimeo' | 'Wistia';
  readonly id: string;
  readonly src: string;
}

export function embedFor(url: string): Embed | null {
  const youtube = /^https:\/\/(?:(?:www\.)?youtube(?:-nocookie)?\.com\/(?:watch\?v=|embed\/)|youtu\.be\/)([\w-]{11})(?:[?&#]|$)/.exec(
    url.trim(),
  );
  if (youtube) return { host: 'YouTube', id: youtube[1], src: `https://www.youtube-nocookie.com/embed/${youtube[1]}?autoplay=1&rel=0` };
  const vimeo = /^https:\/\/(?:www\.|player\.)?vimeo\.com\/(?:video\/)?(\d+)(?:[?#]|$)/.exec(url.trim());
  if (vimeo) return { host: 'Vimeo', id: vimeo[1], src: `https://player.vimeo.com/video/${vimeo[1]}?autoplay=1&dnt=1` };
  const wistia = /^https:\/\/[\w-]+\.wistia\.com\/medias\/(\w+)$/.exec(url.trim());
  if (wistia)
    return { host: 'Wistia', id: wistia[1], src: `https://fast.wistia.net/embed/iframe/${wistia[1]}?autoPlay=true&doNotTrack=true` };
  return null;
}
