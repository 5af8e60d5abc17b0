/** One step of a stretch routine as the built HTML holds it (src/web/build/render-content.ts). */
export interface StretchStep {
  readonly name: string;
  readonly seconds: number;
  /** The step's picture: its still (key position) and moving files, size and text alternative. */
  readonly picture: {
    readonly still: string;
    readonly moving: string;
    readonly width: number;
    readonly height: number;
    readonly alt: string;
  } | null;
}

const STEP = /<li data-seconds="(\d+)" data-step="[a-z0-9-]*">(<img [^>]*>)?<div><strong>([^<]+)<\/strong>/g;
const attribute = (tag: string, name: string) => new RegExp(` ${name}="([^"]*)"`).exec(tag)?.[1] ?? '';
const unescape = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The steps of the routine in a content page's HTML, in order (the follow-along timer times them). */
export function stretchSteps(html: string): StretchStep[] {
  return [...html.matchAll(STEP)].map(([, seconds, img, name]) => ({
    name: unescape(name!),
    seconds: Number(seconds),
    picture: img
      ? {
          still: attribute(img, 'src'),
          moving: attribute(img, 'src').replace(/\.still\.svg$/, '.svg'),
          width: Number(attribute(img, 'width')),
          height: Number(attribute(img, 'height')),
          alt: unescape(attribute(img, 'alt')),
        }
      : null,
  }));
}
