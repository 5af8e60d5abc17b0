import type { GridColumn } from '../../../shared/grid';
import { formatDateTime, formatDay } from '../../../shared/dates';

/** The grid's cell text (14px in the page's font) and a cell's padding with the sort icon. */
const FONT = '14px system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif';
const CELL_PADDING = 44;

let canvas: CanvasRenderingContext2D | null | undefined;

/** Pixels a text takes in the grid's font: measured on a canvas, or a generous estimate where there is none (tests). */
function textPixels(text: string): number {
  if (canvas === undefined) {
    try {
      canvas = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
    } catch {
      canvas = null;
    }
    if (canvas) canvas.font = FONT;
  }
  if (canvas) return canvas.measureText(text).width;
  // Wide (CJK, Hangul) characters take about a full em, the rest about 0.6 em.
  return [...text].reduce((sum, ch) => sum + (ch.charCodeAt(0) > 0x2e80 ? 14 : 8.4), 0);
}

/** The width a column needs so that none of `texts` is cut. */
export function fitWidth(texts: readonly string[]): number {
  return Math.ceil(Math.max(0, ...texts.map(textPixels)) + CELL_PADDING);
}

/** The width a heading needs when it wraps onto several lines: its longest word, the sort icon and padding. */
export function headingWidth(heading: string): number {
  return fitWidth(heading.split(/\s+/)) + 16;
}

// Days whose written form is among the longest of the year in most languages (September, December; two-digit days).
const LONG_DAYS = ['2026-09-28T10:45:00Z', '2026-12-29T22:45:00Z', '2026-02-28T10:45:00Z'];

/**
 * The width a column of days or times needs in the reader's language, so that "Nov 26, 2026" is never
 * cut to "Nov 26, 2…" (the manifest `width` is a floor); 0 for columns whose length varies, which
 * wrap (`wrap: true`) or show their whole text in a tooltip instead.
 */
export function contentWidth(column: GridColumn, locale = 'en'): number {
  switch (column.type) {
    case 'date':
    case 'day':
      return fitWidth(LONG_DAYS.map((d) => formatDay(d, locale, { timeZone: 'UTC' })));
    case 'datetime':
      return fitWidth(LONG_DAYS.map((d) => formatDateTime(d, locale, { timeZone: 'UTC' })));
    case 'localtime':
      return fitWidth(LONG_DAYS.map((d) => formatDateTime(d, locale, { zone: true })));
    default:
      return 0;
  }
}
