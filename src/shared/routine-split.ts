/** Where a routine's step list starts in the built HTML (src/web/build/render-content.ts stretchBlock). */
const ROUTINE_START = '<section class="content-block block-stretch">';

/**
 * A content page's HTML cut where its routine's step list begins: the follow-along timer goes
 * between the two parts, so a reader meets the routine's "Before you start" cautions (which open
 * every routine, SPEC §2 guidance) before the Start button. The parts joined are the page again;
 * a page without a routine is all `before`. Apart from stretch-steps.ts, so that a page without a
 * routine does not carry the timer's step reader.
 */
export function splitAtRoutine(html: string): { before: string; after: string } {
  const at = html.indexOf(ROUTINE_START);
  return at < 0 ? { before: html, after: '' } : { before: html.slice(0, at), after: html.slice(at) };
}
