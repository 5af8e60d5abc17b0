import { describe, expect, it } from 'vitest';
import { acceptImage, sniffImageType, svgProblem } from '../../../src/server/domain/clients/images';
import { dataUrl, png } from '../../helpers/images';

const svg = (inner: string, attrs = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"${attrs}>${inner}</svg>`;

describe('SVG uploads: what could run or load something is refused', () => {
  it.each([
    ['<SCRIPT>alert(1)</SCRIPT>', 'a script'],
    ['<svg:script>alert(1)</svg:script>', 'a script'],
    ['<foreignObject><div>x</div></foreignObject>', 'a foreignObject element'],
    ['<rect ONLOAD="alert(1)"/>', 'an event handler attribute'],
    ['<rect/onclick=alert(1) />', 'an event handler attribute'],
    ['<a xlink:href="javascript:alert(1)"><rect/></a>', 'a script URL or encoded character reference'],
    ['<a href="&#106;avascript:alert(1)"><rect/></a>', 'a script URL or encoded character reference'],
    ['<use href="https://evil.example/sprite.svg#x"/>', 'an external reference'],
    ['<use href=https://evil.example/sprite.svg#x />', 'an external reference'],
    ['<image xlink:href="data:image/svg+xml;base64,PHN2Zz4="/>', 'an external reference'],
    ['<style>@import "https://evil.example/x.css";</style>', 'an external reference'],
    ['<rect style="fill:url(https://evil.example/p)"/>', 'an external reference'],
    ['<iframe src="/"></iframe>', 'an embedded document'],
    ['<animate attributeName="href" values="#a"/>', 'an animated reference'],
  ])('%s → %s', (inner, problem) => {
    expect(svgProblem(svg(inner))).toBe(problem);
  });

  it('refuses DTDs (entity expansion) and keeps what a logo needs', () => {
    expect(svgProblem(`<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa">]>${svg('')}`)).toBe('a DOCTYPE or entity declaration');
    const logo = svg(
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#FF9500"/></linearGradient></defs><rect width="10" height="10" fill="url(#g)"/><use href="#g"/><text x="1" y="8" font-family="sans-serif">Go</text>',
    );
    expect(svgProblem(logo)).toBeNull();
  });
});

describe('image types come from the bytes, never from the name', () => {
  it('sniffs PNG, JPEG, GIF, BMP and SVG by their magic numbers', () => {
    expect(sniffImageType(png(2, 2))).toBe('png');
    expect(sniffImageType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('jpeg');
    expect(sniffImageType(new TextEncoder().encode('GIF89a\x02\x00\x02\x00'))).toBe('gif');
    expect(sniffImageType(new TextEncoder().encode(`\uFEFF<?xml version="1.0"?>\n<!-- logo -->\n${svg('')}`))).toBe('svg');
    expect(sniffImageType(new TextEncoder().encode('<html><svg></svg></html>'))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode('MZ\x90\x00 not an image'))).toBeNull();
  });

  it('stores the sniffed type and a SHA-256, whatever the upload claimed', () => {
    const stored = acceptImage(dataUrl(png(4, 4), 'photo.gif', 'image/gif'), 'logo');
    expect(stored).toMatchObject({ contentType: 'image/png', fileName: 'photo.gif' });
    expect(typeof stored === 'object' && stored.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(acceptImage(dataUrl('<html></html>', 'logo.png', 'image/png'), 'logo')).toBe(
      'The logo must be an image of type: jpg, jpeg, png, bmp, gif, svg.',
    );
    expect(acceptImage(dataUrl(png(4, 4), '../../etc/passwd"<x>.png', 'image/png'), 'logo')).toMatchObject({
      fileName: '.._.._etc_passwd__x_.png',
    });
  });
});
