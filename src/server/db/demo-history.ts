import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import * as engine from '../../shared/assessment/index';
import { offeredAreas } from '../../shared/assessment/offered-areas';
import type { Answers, AssessmentResult, CmdqRegionAnswer, Question, WorkArea } from '../../shared/assessment/types';
import { localizedArea } from '../domain/assessments/engine';
import { dashboardFacts } from '../domain/assessments/dashboard-facts';
import type { Database } from './schema';

/**
 * Two years of demo self-assessments (SPEC §1 programme overview, §9 chart range) so the programme
 * dashboards show a believable picture on `npm start`: per demo client a few dozen to a few hundred
 * employees who never sign in (no password), and submitted attempts from mid-2024 (a thin tail) and
 * 2025-01 to now, growing over time. Every result comes from the real scoring engine, so the report
 * behind any figure opens and reads like a real one. Deterministic: a seeded PRNG and a fixed date.
 */
const SIZES: Record<string, { employees: number; perMonth: number }> = {
  NW01: { employees: 240, perMonth: 48 },
  a45: { employees: 70, perMonth: 12 },
  CON1: { employees: 36, perMonth: 6 },
  FAB1: { employees: 28, perMonth: 5 },
};
const FIRST = [
  'Aisha',
  'Ben',
  'Carla',
  'Dev',
  'Elena',
  'Farid',
  'Grace',
  'Hugo',
  'Ines',
  'Jonas',
  'Kemi',
  'Liam',
  'Mei',
  'Nadia',
  'Omar',
  'Paula',
  'Quinn',
  'Rosa',
  'Sven',
  'Tara',
  'Umar',
  'Vera',
  'Wes',
  'Yuki',
  'Zara',
];
const LAST = [
  'Adams',
  'Baker',
  'Costa',
  'Dubois',
  'Evans',
  'Fischer',
  'Garcia',
  'Hansen',
  'Ito',
  'Jensen',
  'Khan',
  'Larsen',
  'Moreau',
  'Novak',
  'Okoro',
  'Patel',
  'Quist',
  'Rossi',
  'Silva',
  'Tanaka',
  'Varga',
  'Weber',
  'Young',
  'Zhou',
];
/** Where office workers report discomfort most (neck, shoulders, lower back; Hedge et al. 1999). */
const DISCOMFORT_ODDS: [string, number][] = [
  ['neck', 0.42],
  ['shoulder_right', 0.3],
  ['shoulder_left', 0.22],
  ['lower_back', 0.38],
  ['upper_back', 0.18],
  ['wrist_right', 0.14],
  ['forearm_right', 0.08],
  ['hip_buttocks', 0.06],
  ['knee_left', 0.03],
  ['foot_right', 0.03],
];

/** Mulberry32: small, fast and the same sequence for the same seed. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
type Random = () => number;
const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)];

/** A plausible answer to one question: mostly the first (usually the comfortable) option, sometimes another. */
function answerFor(random: Random, q: Question, care: number): unknown {
  const options = (q.options ?? []).map((o) => o.id);
  switch (q.kind) {
    case 'single':
    case 'yesno':
      return random() < care ? options[0] : pick(random, options);
    case 'multi':
      return random() < care ? [] : options.filter(() => random() < 0.25);
    case 'number':
      return Math.round((q.min ?? 0) + random() * ((q.max ?? 10) - (q.min ?? 0)) * (1 - care));
    case 'cmdq': {
      const grid: Record<string, CmdqRegionAnswer> = {};
      for (const [region, odds] of DISCOMFORT_ODDS) {
        if (random() < odds * (1.4 - care))
          grid[region] = {
            frequency: 1 + Math.floor(random() * 4),
            discomfort: 1 + Math.floor(random() * 3),
            interference: Math.floor(random() * 3),
          } as CmdqRegionAnswer;
      }
      return grid;
    }
    default:
      return undefined;
  }
}

interface Scored {
  answers: Answers;
  result: AssessmentResult;
  version: number;
}

/** A pool of answer sets per area, scored once and reused (scoring every attempt would slow the seed). */
async function scoredPool(db: Kysely<Database>, random: Random, area: WorkArea): Promise<Record<'low' | 'moderate' | 'high', Scored[]>> {
  const localized = await localizedArea(db, 0, area, 'en', {});
  const pool: Record<'low' | 'moderate' | 'high', Scored[]> = { low: [], moderate: [], high: [] };
  for (let i = 0; i < 60; i += 1) {
    const care = 0.45 + random() * 0.55;
    const answers: Answers = {};
    for (let round = 0; round < 6; round += 1) {
      for (const q of engine.visibleQuestions(localized.questionnaire, answers)) {
        if (answers[q.id] === undefined) {
          const value = answerFor(random, q, care);
          if (value !== undefined) (answers as Record<string, unknown>)[q.id] = value;
        }
      }
    }
    if (engine.missingAnswers(localized.questionnaire, answers).length || engine.validateAnswers(localized.questionnaire, answers).length)
      continue;
    const result = engine.scoreAssessment(localized.source, area, answers, 'en', {});
    pool[result.overall.band].push({ answers, result, version: localized.questionnaire.version });
  }
  return pool;
}

/** Attempts in a month: a thin tail in 2024, then steady growth through 2025 and 2026. */
function monthlyCount(random: Random, perMonth: number, monthIndex: number): number {
  // monthIndex 0 is 2024-07; 6 is 2025-01.
  const base = monthIndex < 6 ? 0.08 + monthIndex * 0.02 : 0.35 + Math.min(1, (monthIndex - 6) / 20) * 0.65;
  return Math.max(0, Math.round(perMonth * base * (0.85 + random() * 0.3)));
}

export async function seedHistory(db: Kysely<Database>, now = new Date()): Promise<void> {
  const random = prng(20250101);
  const employeeRole = await db.selectFrom('roles').select('id').where('name', '=', 'Employee').executeTakeFirst();
  if (!employeeRole) return;
  const clients = await db.selectFrom('clients').select(['id', 'company_code', 'regions', 'work_area', 'access_list']).execute();
  const pools = new Map<WorkArea, Record<'low' | 'moderate' | 'high', Scored[]>>();
  const poolFor = async (area: WorkArea) => {
    if (!pools.has(area)) pools.set(area, await scoredPool(db, random, area));
    return pools.get(area)!;
  };
  for (const client of clients) {
    const size = SIZES[client.company_code];
    if (!size) continue;
    const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as string[];
    const regions = json(client.regions) ?? [];
    const areas = offeredAreas(json(client.work_area) ?? [], json(client.access_list) ?? []);
    if (!areas.length) continue;
    const domain = client.company_code.toLowerCase();
    const people = Array.from({ length: size.employees }, (_, n) => ({
      first_name: pick(random, FIRST),
      last_name: pick(random, LAST),
      email: `sa.employee.${n + 1}@${domain}.example`,
      password_hash: null,
      client_id: client.id,
      role_id: employeeRole.id,
      region: regions.length ? pick(random, regions) : null,
    }));
    const ids: number[] = [];
    for (let i = 0; i < people.length; i += 500) {
      ids.push(
        ...(
          await db
            .insertInto('users')
            .values(people.slice(i, i + 500))
            .returning('id')
            .execute()
        ).map((r) => r.id),
      );
    }
    const rows: Parameters<ReturnType<Kysely<Database>['insertInto']>['values']>[0][] = [];
    const start = Date.UTC(2024, 6, 1);
    for (let m = 0; ; m += 1) {
      const monthStart = new Date(start);
      monthStart.setUTCMonth(monthStart.getUTCMonth() + m);
      if (monthStart > now) break;
      const monthEnd = Math.min(Date.UTC(monthStart.getUTCFullYear(), monthStart.getUTCMonth() + 1, 1), now.getTime() - 3_600_000);
      for (let k = monthlyCount(random, size.perMonth, m); k > 0; k -= 1) {
        const when = new Date(monthStart.getTime() + random() * (monthEnd - monthStart.getTime()));
        if (when > now) continue;
        // Most results low or moderate, some high; the high share falls as the programme matures.
        const roll = random();
        const band = roll < 0.16 - m * 0.002 ? 'high' : roll < 0.55 ? 'moderate' : 'low';
        // Office and home desks dominate; lab and travel are occasional.
        const area = random() < 0.45 ? areas[0] : pick(random, areas);
        const pool = await poolFor(area);
        const choice = pick(random, pool[band].length ? pool[band] : pool.moderate.length ? pool.moderate : pool.low);
        if (!choice) continue;
        rows.push({
          user_id: pick(random, ids),
          client_id: client.id,
          area,
          language: 'en',
          questionnaire_version: choice.version,
          answers: JSON.stringify(choice.answers),
          status: 'submitted',
          sections_done: '[]',
          started_at: new Date(when.getTime() - 900_000),
          updated_at: when,
          submitted_at: when,
          result: JSON.stringify(choice.result),
          report_token: randomBytes(24).toString('base64url'),
          report_status: 'Finalized',
          ...dashboardFacts(choice.result),
        });
      }
    }
    for (let i = 0; i < rows.length; i += 250)
      await db
        .insertInto('assessment_attempts')
        .values(rows.slice(i, i + 250) as never)
        .execute();
  }
}
