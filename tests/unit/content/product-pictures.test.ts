import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { PRODUCT_IMAGE_MANIFEST, PRODUCT_IMAGES, productImageAlt, type ProductImageEntry } from '../../../src/shared/product-images';
import { renderContent } from '../../../src/web/build/render-content';

const root = resolve(import.meta.dirname, '../../..');
const page = (front: string, body: string) => renderContent(['---', 'title: T', front, '---', body].join('\n')).html;

describe('pictures of the product on the marketing pages (SPEC §1 public site)', () => {
  const manifest = JSON.parse(readFileSync(join(root, PRODUCT_IMAGE_MANIFEST), 'utf8')) as ProductImageEntry[];

  it('lists every picture taken, with files that exist and their real sizes', () => {
    expect(manifest.map((m) => m.name).sort()).toEqual(PRODUCT_IMAGES.map((i) => i.name).sort());
    for (const entry of manifest) {
      expect(entry.alt).toBe(productImageAlt(entry.name));
      for (const file of entry.files) {
        const path = join(root, 'src/web/public', file.src);
        expect(existsSync(path), file.src).toBe(true);
        const bytes = readFileSync(path);
        // RIFF....WEBP, and the size the manifest says.
        expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
        expect(bytes.length).toBe(file.bytes);
        expect(file.height).toBeGreaterThan(0);
      }
    }
  });

  it('describes each picture in every interface language', () => {
    for (const language of readdirSync(join(root, 'content/interface')).filter((f) => f.endsWith('.yaml'))) {
      const texts = parse(readFileSync(join(root, 'content/interface', language), 'utf8')) as Record<string, string>;
      for (const image of PRODUCT_IMAGES) expect(texts[productImageAlt(image.name)]?.length, `${language} ${image.name}`).toBeGreaterThan(20);
    }
  });

  it('renders a sized, lazy picture (eager only when the page says so) with its text alternative named by key', () => {
    const html = page('', '![](product:evaluator_inbox)');
    expect(html).toMatch(/^<figure class="product-picture"><img src="\/images\/product\/evaluator-inbox-1280\.webp" srcset="[^"]+640w, [^"]+1280w"/);
    expect(html).toContain('width="1280" height="800"');
    expect(html).toContain('data-alt="site.image.evaluator_inbox" loading="lazy"');
    expect(page('', '![](product:employee_report "eager")')).toContain('loading="eager" fetchpriority="high"');
    expect(() => page('', '![](product:holiday_photo)')).toThrow(/Unknown product picture/);
  });

  it("ends a service page in Book a demonstration with that service chosen, and refuses a service the form does not list", () => {
    expect(page('service: onsite_service', 'Text.')).toMatch(
      /<p class="content-action"><a class="button" href="\/learn-more\?service=onsite_service" data-t="site.book_demo">Book a demonstration<\/a><\/p>$/,
    );
    expect(page('', 'Text.')).not.toContain('content-action');
    expect(() => page('service: free_lunch', 'Text.')).toThrow(/Unknown service/);
  });

  it('gives every service page of the site its action', () => {
    for (const name of ['self_assessments', 'virtual_service', 'onsite_service', 'wellness_series', 'global_program']) {
      const doc = renderContent(readFileSync(join(root, 'content/site', `${name}.md`), 'utf8'));
      expect(doc.meta.service, name).toBe(name);
      expect(doc.html.match(/data-t="site.book_demo"/g)?.length, name).toBe(1);
    }
  });
});
