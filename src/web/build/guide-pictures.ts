import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { renderContent } from './render-content';

const GUIDANCE = resolve(import.meta.dirname, '../../../content/guidance');

/**
 * Each guidance page's first picture, by the page's file name without .md (guidanceFileKey): the
 * file a report shows small beside a link to that guide, where the picture explains the finding
 * (SPEC §2 guidance illustrations). Stills only: nothing moves in a report.
 */
export function guidePictures(): Record<string, string> {
  const pictures: Record<string, string> = {};
  for (const f of readdirSync(GUIDANCE, { recursive: true })
    .map(String)
    .filter((p) => p.endsWith('.md'))) {
    const img = /<img class="illustration" [^>]*src="\/illustrations\/([a-z0-9-]+(?:\.still)?\.svg)"/.exec(
      renderContent(readFileSync(join(GUIDANCE, f), 'utf8')).html,
    );
    if (img) pictures[f.slice(f.lastIndexOf('/') + 1, -'.md'.length)] = img[1]!;
  }
  return pictures;
}
