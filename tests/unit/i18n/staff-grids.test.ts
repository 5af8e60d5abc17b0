import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { manifestKeys } from '../../../src/web/i18n/manifest-keys';

/**
 * The grids of the staff pages (programme overview, activity pages, employee search, custom search;
 * SPEC §2): every heading, filter, action and noun has a key in content/interface/en.yaml whose English
 * is the manifest's, so interface-texts.test.ts makes every language translate it.
 */
const STAFF_GRIDS = [
  'grid:activity_evaluation_requests',
  'grid:activity_evaluations',
  'grid:activity_follow_ups',
  'grid:activity_reports',
  'grid:activity_self_assessments',
  'grid:employee_search',
  'grid:overview_attempts',
  'grid:overview_requests',
  'grid:custom_search_self_assessment',
  'grid:custom_search_ergo_eval',
  'grid:custom_search_schedule_request',
  'grid:custom_search_follow_up',
  'grid:evaluator_queue',
  'grid:staff_assignments',
  'grid:blog_posts',
];

const en = parse(readFileSync(resolve(import.meta.dirname, '../../../content/interface/en.yaml'), 'utf8')) as Record<string, string>;

describe('staff page grids in the reader language', () => {
  for (const item of STAFF_GRIDS) {
    it(`${item}: every text has a key whose English is the manifest's`, () => {
      const keys = manifestKeys(item);
      expect(keys.length).toBeGreaterThan(3);
      for (const [key, english] of keys) expect(en[key], key).toBe(english);
    });
  }
});
