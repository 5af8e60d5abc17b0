import { describe, expect, it } from 'vitest';
import { ASSESSMENT_LANGUAGES } from '../../src/shared/assessment/types';
import { formatDateTime, formatDay, formatLongDay, formatMonth, formatMonthName } from '../../src/shared/dates';

/**
 * SPEC §2: one way to write days and times per language, the same in grids, pages, e-mails and PDFs
 * (src/shared/dates.ts). Thursday 26 November 2026, 09:30 UTC, in each of the eight languages.
 */
const WHEN = '2026-11-26T09:30:00Z';
const UTC = { timeZone: 'UTC' } as const;

const EXPECTED: Record<(typeof ASSESSMENT_LANGUAGES)[number], { day: string; time: string; month: string; long: string }> = {
  en: { day: 'Nov 26, 2026', time: 'Nov 26, 2026, 09:30 AM UTC', month: 'Mar 2026', long: 'Thursday, November 26, 2026' },
  es: { day: '26 nov 2026', time: '26 nov 2026, 09:30 UTC', month: 'mar 2026', long: 'jueves, 26 de noviembre de 2026' },
  pt: {
    day: '26 de nov. de 2026',
    time: '26 de nov. de 2026, 09:30 UTC',
    month: 'mar. de 2026',
    long: 'quinta-feira, 26 de novembro de 2026',
  },
  cn: { day: '2026年11月26日', time: '2026年11月26日 UTC 09:30', month: '2026年3月', long: '2026年11月26日星期四' },
  ja: { day: '2026年11月26日', time: '2026年11月26日 09:30 UTC', month: '2026年3月', long: '2026年11月26日木曜日' },
  ko: { day: '2026년 11월 26일', time: '2026년 11월 26일 AM 09:30 UTC', month: '2026년 3월', long: '2026년 11월 26일 목요일' },
  fr: { day: '26 nov. 2026', time: '26 nov. 2026, 09:30 UTC', month: 'mars 2026', long: 'jeudi 26 novembre 2026' },
  de: { day: '26. Nov. 2026', time: '26. Nov. 2026, 09:30 UTC', month: 'März 2026', long: 'Donnerstag, 26. November 2026' },
};

// Intl separates some parts with narrow or non-breaking spaces depending on the ICU version: compare words.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('one date and time format per language', () => {
  for (const language of ASSESSMENT_LANGUAGES) {
    it(`writes days, times and months in ${language}`, () => {
      const want = EXPECTED[language];
      expect(plain(formatDay(WHEN, language, UTC))).toBe(want.day);
      expect(plain(formatDateTime(WHEN, language, { ...UTC, zone: true }))).toBe(want.time);
      expect(plain(formatMonth('2026-03', language))).toBe(want.month);
      expect(plain(formatLongDay(WHEN, language, { ...UTC, weekday: true }))).toBe(want.long);
    });
  }

  it('writes a plain day as that day in every time zone, and an instant in the zone asked for', () => {
    for (const timeZone of ['Pacific/Honolulu', 'Asia/Tokyo', 'UTC'])
      expect(formatDay('2026-11-26', 'en', { timeZone })).toBe('Nov 26, 2026');
    // 23:30 UTC is already the next day in Tokyo, still the same day in Honolulu.
    expect(formatDay('2026-11-26T23:30:00Z', 'en', { timeZone: 'Asia/Tokyo' })).toBe('Nov 27, 2026');
    expect(formatDay('2026-11-26T23:30:00Z', 'en', { timeZone: 'Pacific/Honolulu' })).toBe('Nov 26, 2026');
    expect(plain(formatDateTime('2026-11-26T09:30:00Z', 'fr', { timeZone: 'Europe/Paris' }))).toBe('26 nov. 2026, 10:30');
  });

  it('takes the product’s code or a BCP 47 tag for Simplified Chinese alike, and names months', () => {
    expect(formatDay(WHEN, 'zh-Hans', UTC)).toBe(formatDay(WHEN, 'cn', UTC));
    expect(formatMonthName('2026-03', 'de')).toBe('März');
    expect(formatMonthName('2026-03', 'en', 'short')).toBe('Mar');
  });
});
