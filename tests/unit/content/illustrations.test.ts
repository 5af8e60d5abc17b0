import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderContent } from '../../../src/web/build/render-content';

const folder = resolve(import.meta.dirname, '../../../content/illustrations');
const svgs = readdirSync(folder).filter((f) => f.endsWith('.svg'));
const guidance = resolve(import.meta.dirname, '../../../content/guidance');
const page = (body: string) => renderContent(['---', 'title: T', '---', body].join('\n')).html;

describe('illustrations', () => {
  it('are inlined as one accessible image with the text alternative, in a figure outside any paragraph', () => {
    const html = page('Intro.\n\n![A person at a desk, screen at eye level](illustration:neutral-seated-posture "Neutral posture")\n\nAfter.');
    expect(html).toMatch(/<figure class="content-figure"><svg role="img" aria-label="A person at a desk, screen at eye level" focusable="false" class="illustration" xmlns=/);
    expect(html).toContain('<figcaption>Neutral posture</figcaption></figure>');
    expect(html).not.toMatch(/<p>\s*<figure/);
  });

  it('fail the build when missing, without a text alternative, or named outside the folder', () => {
    expect(() => page('![x](illustration:no-such-picture)')).toThrow('Unknown illustration "no-such-picture"');
    expect(() => page('![](illustration:eye-rule-20-20-20)')).toThrow('needs a text alternative');
    expect(() => page('![x](illustration:../../package)')).toThrow('Unknown illustration');
  });

  it.each(svgs)('%s has a title and a description and no script, handler or link', (file) => {
    const svg = readFileSync(join(folder, file), 'utf8');
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
    expect(svg).toMatch(/<title>[^<]{10,}<\/title>/);
    expect(svg).toMatch(/<desc>[^<]{40,}<\/desc>/);
    expect(svg).not.toMatch(/<script|\son[a-z]+=|href=|id="/i);
  });

  it('every illustration is used by at least one guidance page', () => {
    const text = readdirSync(guidance, { recursive: true }).filter((f) => String(f).endsWith('.md')).map((f) => readFileSync(join(guidance, String(f)), 'utf8')).join('\n');
    for (const file of svgs) expect(text).toContain(`(illustration:${file.replace(/\.svg$/, '')}`);
  });
});
