import type { InterfaceKey } from '../../i18n/keys';
import type { T } from '../../i18n/texts';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * A content page's interface words in the reader's language (SPEC §2 interface language): the build
 * writes the English of a product picture's text alternative and of an action button and names its
 * key (`data-alt`, `data-t`: src/web/build/product-pictures.ts); this swaps in the reader's text.
 */
export function interfaceWords(html: string, t: T): string {
  if (!html.includes(' data-alt="') && !html.includes(' data-t="')) return html;
  return html
    .replace(/ alt="[^"]*" data-alt="([a-z_.]+)"/g, (_, key: string) => ` alt="${escapeHtml(t(key as InterfaceKey))}" data-alt="${key}"`)
    .replace(/(<a [^>]*data-t="([a-z_.]+)"[^>]*>)[^<]*<\/a>/g, (_, open: string, key: string) => `${open}${escapeHtml(t(key as InterfaceKey))}</a>`);
}
