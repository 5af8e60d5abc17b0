import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { href } from '../../../generated/routes';
import { PRODUCT_IMAGE_MANIFEST, PRODUCT_IMAGES, type ProductImageEntry } from '../../shared/product-images';

/**
 * The marketing pages' pictures of the product and their one action (SPEC §1 public site), written
 * into a page's HTML at build time. Their words are interface texts: the HTML carries the English
 * (content/interface/en.yaml) and names the key in `data-alt` / `data-t`, and the page shows the
 * reader's language (components/content/interface-words.ts).
 */
const root = resolve(import.meta.dirname, '../../..');
const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

let english: Record<string, string> | undefined;
function englishText(key: string): string {
  english ??= parseYaml(readFileSync(join(root, 'content/interface/en.yaml'), 'utf8')) as Record<string, string>;
  const text = english[key];
  if (typeof text !== 'string') throw new Error(`No interface text "${key}" in content/interface/en.yaml`);
  return text;
}

function manifest(): readonly ProductImageEntry[] {
  const file = join(root, PRODUCT_IMAGE_MANIFEST);
  // Before the first `npm run product-images` there is nothing to show yet.
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ProductImageEntry[]) : [];
}

/**
 * `![](product:<name>)`: a picture of the product, sized (width and height, so nothing moves as it
 * loads), in WebP at each width it was written at, lazy unless the page says it is the first thing
 * seen (`"eager"`: the hero, whose picture is the largest paint and is fetched first).
 */
export function productPicture(name: string, loading: string | null): string {
  if (!PRODUCT_IMAGES.some((image) => image.name === name))
    throw new Error(`Unknown product picture "${name}" (src/shared/product-images.ts)`);
  const entry = manifest().find((image) => image.name === name);
  if (!entry) return '';
  const largest = entry.files.reduce((a, b) => (b.width > a.width ? b : a));
  const eager = loading === 'eager';
  const sizes = eager ? '(min-width: 1100px) 520px, calc(100vw - 2rem)' : '(min-width: 800px) 728px, calc(100vw - 2rem)';
  const srcset = entry.files.map((file) => `${file.src} ${file.width}w`).join(', ');
  return (
    `<figure class="product-picture"><img src="${largest.src}" srcset="${srcset}" sizes="${sizes}" width="${largest.width}" height="${largest.height}" ` +
    `alt="${escapeHtml(englishText(entry.alt))}" data-alt="${entry.alt}" ${eager ? 'loading="eager" fetchpriority="high"' : 'loading="lazy"'} decoding="async"></figure>`
  );
}

let services: readonly string[] | undefined;
/** The services the contact form accepts (manifest/forms/contact.yaml), which the server checks too. */
function contactServices(): readonly string[] {
  services ??= (
    parseYaml(readFileSync(join(root, 'manifest/forms/contact.yaml'), 'utf8')) as {
      schema: { properties: { service: { enum: string[] } } };
    }
  ).schema.properties.service.enum;
  return services;
}

/** The contact form's address with a service chosen (contact-page.tsx reads `service`). */
export function contactHref(service?: string): string {
  if (service === undefined) return href('learn_more');
  if (!contactServices().includes(service)) throw new Error(`Unknown service "${service}" (manifest/forms/contact.yaml)`);
  return `${href('learn_more')}?service=${encodeURIComponent(service)}`;
}

/** A button whose words are an interface text, in the reader's language once the page has loaded. */
export function actionButton(href: string, key: string): string {
  return `<a class="button" href="${escapeHtml(href)}" data-t="${key}">${escapeHtml(englishText(key))}</a>`;
}

/** The one action that ends a service page: "Book a demonstration" with that service chosen. */
export function serviceAction(service: string): string {
  return `<p class="content-action">${actionButton(contactHref(service), 'site.book_demo')}</p>`;
}
