import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { illustrationFiles } from '../../../src/web/build/illustrations';
import { renderContent } from '../../../src/web/build/render-content';
import { guidePictures } from '../../../src/web/build/guide-pictures';
import { ROUTINE_CATEGORY, routineEntries } from '../../../src/web/build/routines';
import { INTERFACE_LANGUAGES } from '../../../src/web/i18n/language';
import { svgProblem } from '../../../src/shared/validation/svg-safety';
import { stretchSteps } from '../../../src/shared/stretch-steps';

const folder = resolve(import.meta.dirname, '../../../content/illustrations');
const svgs = readdirSync(folder).filter((f) => f.endsWith('.svg'));
const names = svgs.map((f) => f.slice(0, -4));
const guidance = resolve(import.meta.dirname, '../../../content/guidance');
const guides = readdirSync(guidance, { recursive: true })
  .map(String)
  .filter((f) => f.endsWith('.md'))
  .sort();
const rendered = new Map(guides.map((f) => [f, renderContent(readFileSync(join(guidance, f), 'utf8')).html]));
const page = (body: string) => renderContent(['---', 'title: T', '---', body].join('\n')).html;
const pictured = (html: string) => [...html.matchAll(/data-illustration="([a-z0-9-]+)"/g)].map((m) => m[1]!);

describe('illustrations', () => {
  it('are sized, lazily loaded files with their English text alternative, in a figure outside any paragraph', () => {
    const html = page('Intro.\n\n![](illustration:neutral-seated-posture "Neutral posture")\n\nAfter.');
    expect(html).toContain(
      '<figure class="content-figure"><img class="illustration" alt="Side view of a neutral seated posture: screen top at or just below eye level about an arm&#39;s length away',
    );
    expect(html).toMatch(/data-illustration="neutral-seated-posture" src="\/illustrations\/neutral-seated-posture\.svg" width="420" height="270" loading="lazy" decoding="async">/);
    expect(html).toContain('<figcaption>Neutral posture</figcaption></figure>');
    expect(html).not.toMatch(/<p>\s*<figure/);
    // The page carries a reference, not the drawing: its HTML does not grow with the picture.
    expect(html).not.toContain('<svg');
  });

  it('fail the build when missing, named outside the folder, or given a second text alternative in the Markdown', () => {
    expect(() => page('![](illustration:no-such-picture)')).toThrow('Unknown illustration "no-such-picture"');
    expect(() => page('![](illustration:../../package)')).toThrow('Unknown illustration');
    expect(() => page('![A chair](illustration:chair-adjustments)')).toThrow('lives in content/illustrations/texts/en.yaml');
    expect(() => page(':::stretch\n- Tilt | 20 | Tilt. | chair-adjustments\n:::')).toThrow('does not move');
  });

  it.each(svgs)('%s has a viewBox, a title and a description, and nothing a browser would run or fetch', (file) => {
    const svg = readFileSync(join(folder, file), 'utf8');
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
    expect(svg).toMatch(/<title>[^<]{5,}<\/title>/);
    expect(svg).toMatch(/<desc>[^<]{40,}<\/desc>/);
    expect(svg).not.toMatch(/<script|\son[a-z]+=|href=|id="/i);
    expect(svgProblem(svg)).toBeNull();
  });

  it('every guidance page shows at least one illustration that exists', () => {
    expect(guides).toHaveLength(66);
    const without = guides.filter((f) => pictured(rendered.get(f)!).length === 0);
    expect(without).toEqual([]);
    for (const html of rendered.values()) for (const name of pictured(html)) expect(names).toContain(name);
  });

  it('every illustration has a text alternative in each of the eight languages, and no language names one that does not exist', () => {
    expect(INTERFACE_LANGUAGES).toHaveLength(8);
    for (const language of INTERFACE_LANGUAGES) {
      const texts = parseYaml(readFileSync(join(folder, `texts/${language}.yaml`), 'utf8')) as Record<string, string>;
      for (const name of names) expect(texts[name]?.trim().length ?? 0, `${language}: ${name}`).toBeGreaterThan(15);
      expect(Object.keys(texts).filter((n) => !names.includes(n)), language).toEqual([]);
    }
  });

  it('every illustration is used by at least one guidance page', () => {
    const used = new Set([...rendered.values()].flatMap(pictured));
    expect(names.filter((n) => !used.has(n))).toEqual([]);
  });

  it('every step of every routine has a moving picture, served with a still of its key position beside it', () => {
    const files = new Map(illustrationFiles().map((f) => [f.fileName, f.source]));
    const routines = guides.filter((f) => rendered.get(f)!.includes('block-stretch'));
    expect(routines.length).toBeGreaterThanOrEqual(7);
    for (const guide of routines) {
      const steps = stretchSteps(rendered.get(guide)!);
      expect(steps.length, guide).toBeGreaterThan(3);
      for (const step of steps) {
        expect(step.picture, `${guide}: ${step.name}`).not.toBeNull();
        const moving = files.get(step.picture!.moving.slice(1))!;
        const still = files.get(step.picture!.still.slice(1))!;
        // The moving file stops for a reader who asks for less motion; the still always shows the key position.
        expect(moving).toMatch(/@keyframes/);
        expect(moving).toContain('@media (prefers-reduced-motion: reduce){');
        expect(still).not.toContain('prefers-reduced-motion');
        expect(still).toContain('@media all{');
        expect(step.picture!.alt.length).toBeGreaterThan(15);
      }
    }
  });

  it('every routine opens with the cautions a physiotherapist would give', () => {
    for (const guide of guides.filter((f) => rendered.get(f)!.includes('block-stretch'))) {
      const html = rendered.get(guide)!;
      expect(html, guide).toContain('<section class="content-block block-caution"><h2>Before you start</h2>');
      expect(html.indexOf('block-caution'), guide).toBeLessThan(html.indexOf('block-stretch'));
      expect(html, guide).toMatch(/doctor|physiotherapist/);
      expect(html, guide).toMatch(/[Ss]top/);
    }
  });
});

describe('the routines the video library lists and the pictures the reports show', () => {
  it('lists exactly the guidance pages with a routine, in a category of the video form, each with its first step and its length', () => {
    const entries = routineEntries();
    const withRoutine = guides.filter((f) => rendered.get(f)!.includes('block-stretch')).map((f) => f.slice(f.lastIndexOf('/') + 1, -3));
    expect(entries.map((e) => e.file).sort()).toEqual(withRoutine.sort());
    const form = parseYaml(readFileSync(resolve(import.meta.dirname, '../../../manifest/forms/video.yaml'), 'utf8')) as {
      schema: { properties: { category: { enum: string[] } } };
    };
    expect(form.schema.properties.category.enum).toContain(ROUTINE_CATEGORY);
    const everyday = entries.find((e) => e.file === 'everyday_stretches')!;
    expect(everyday).toMatchObject({ title: 'Everyday stretches', steps: 6, seconds: 125, picture: { src: '/illustrations/chin-tuck.still.svg', width: 320, height: 300 } });
  });

  it('names for each guide the still of its first picture', () => {
    const pictures = guidePictures();
    expect(Object.keys(pictures)).toHaveLength(66);
    expect(pictures.lighting).toBe('lighting-window.svg');
    expect(pictures.everyday_stretches).toBe('chin-tuck.still.svg');
    for (const file of Object.values(pictures)) expect(illustrationFiles().map((f) => f.fileName)).toContain(`illustrations/${file}`);
  });
});
