import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../src/server/db/schema';
import { bandOf } from '../../src/shared/assessment/scoring';
import { CMDQ_REGIONS } from '../../src/shared/assessment/cmdq-regions';
import { FIRST, LAST } from '../helpers/person-names';
import { seedBigActions } from './big-seed-actions';
import { seedBigEquipment } from './big-seed-equipment';

/**
 * Big data for benchmarks: many clients, employees, submitted self-assessments and evaluations,
 * written with `INSERT … SELECT … FROM generate_series` so that a million rows take seconds on
 * PostgreSQL. Shared by the dashboard, custom-search and employee-search benches.
 *
 * ```ts
 * const seeded = await seedBigData(ctx.db);            // a migrated database (PGlite or a PostgreSQL schema)
 * seeded.largeClientId;                                // the client holding `largeShare` of everyone
 * await checkBigSeed(ctx.db, seeded);                  // throws unless every count is what was asked
 * ```
 *
 * Everything seeded is tagged (`seeded.tag`) in company codes and e-mail addresses, so it can sit
 * beside the demo data and a second seed in the same database does not collide.
 */
export interface BigSeedOptions {
  /** Clients to create (default 50); the first is the large one. */
  readonly clients?: number;
  /** Employees (role Employee), default 100,000. */
  readonly employees?: number;
  /** Share of the employees (and so of their attempts) in the large client, default 0.4. */
  readonly largeShare?: number;
  /** Submitted self-assessments, default 1,000,000, spread over the last two years. */
  readonly attempts?: number;
  /** Evaluations, each from a completed request, default 50,000; finalized ones have a follow-up. */
  readonly evaluations?: number;
  /** Open requests besides those (requested, scheduled or cancelled), default evaluations ÷ 10. */
  readonly openRequests?: number;
  /** Evaluators (role Evaluator), each assigned to every seeded client, default 20. */
  readonly evaluators?: number;
  /** Statistics gathered and the visibility map set afterwards, as autovacuum leaves a table (default true). */
  readonly analyze?: boolean;
}

export interface BigSeedResult {
  readonly tag: string;
  /** The seeded clients' ids, the large one first. */
  readonly clientIds: readonly number[];
  readonly largeClientId: number;
  readonly evaluatorIds: readonly number[];
  /** What was asked for, as counted by `checkBigSeed`. */
  readonly counts: {
    readonly clients: number;
    readonly employees: number;
    readonly largeClientEmployees: number;
    readonly attempts: number;
    readonly evaluations: number;
    readonly requests: number;
    readonly followUps: number;
  };
  /** Seconds per step and in all. */
  readonly seconds: Readonly<Record<string, number>>;
}

const REGIONS = ['Europe', 'North America', 'Asia Pacific', 'Latin America'];
/** Work areas by how often they are taken (office and home dominate, as in the demo clients). */
const AREAS = ['office', 'office', 'office', 'home', 'home', 'home', 'anywhere', 'lab', 'travel'] as const;
/** Finding ids of content/assessments/common.yaml that each area's questionnaire can raise. */
const AREA_FINDINGS: Record<(typeof AREAS)[number], string[]> = {
  office: [
    'chair.seat_too_low',
    'chair.no_lumbar',
    'chair.armrests_high',
    'screen.too_low',
    'screen.too_far',
    'screen.glare',
    'mouse.reach',
    'keyboard.wrist_extension',
    'desk.sit_stand_unused',
    'user.breaks',
    'env.lighting',
  ],
  home: [
    'laptop.no_external',
    'home.table',
    'home.sofa_or_bed',
    'chair.not_adjustable',
    'chair.feet_unsupported',
    'screen.too_low',
    'mouse.different_surface',
    'user.breaks',
    'env.noise',
  ],
  anywhere: [
    'anywhere.no_kit',
    'anywhere.poor_seat',
    'anywhere.no_setup_routine',
    'anywhere.carry_load',
    'anywhere.long_stretches',
    'laptop.no_external',
  ],
  lab: [
    'lab.pipette_hours',
    'lab.pipette_force',
    'lab.microscope_neck',
    'lab.hood_reach',
    'lab.bench_height',
    'lab.stool_feet',
    'user.breaks',
  ],
  travel: [
    'travel.overhead_luggage',
    'travel.flight_laptop',
    'travel.driving_breaks',
    'travel.car_seat',
    'travel.hotel_setup',
    'travel.bag_carry',
  ],
};
const CMDQ_FINDING: Record<string, string> = {
  neck: 'cmdq.neck_shoulders',
  shoulder_left: 'cmdq.neck_shoulders',
  shoulder_right: 'cmdq.neck_shoulders',
  upper_back: 'cmdq.back',
  lower_back: 'cmdq.back',
};
/** Cornell scores the grid can produce (frequency weight × discomfort × interference weight). */
const CMDQ_SCORES = [1.5, 3, 4.5, 6, 9, 13.5, 18, 27, 36, 54];
/** A prime, so the profile an attempt gets does not line up with its employee or its date. */
const PROFILES = 97;

/** Small deterministic generator (mulberry32), so every seed holds the same figures. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The submitted results attempts are drawn from: an area, a ROSA-like score skewed towards low and
 * moderate, findings that grow with the score, discomfort in a few regions; and the stored result
 * minimal but consistent with those columns (migration 020 reads overall, findings and bodyMap).
 */
function profiles() {
  const next = random(2026);
  return Array.from({ length: PROFILES }, () => {
    const area = AREAS[Math.floor(next() * AREAS.length)];
    const score = Math.min(10, 1 + Math.floor(next() * next() * 10));
    const band = bandOf(score);
    const pool = AREA_FINDINGS[area];
    const findings = new Set<string>();
    for (let i = 0; i < Math.floor(score / 2 + next() * 2); i++) findings.add(pool[Math.floor(next() * pool.length)]);
    const body: Record<string, number> = {};
    for (let i = 0; i < Math.floor(next() * 4); i++) {
      const region = CMDQ_REGIONS[Math.floor(next() * CMDQ_REGIONS.length)];
      body[region] = CMDQ_SCORES[Math.floor(next() * next() * CMDQ_SCORES.length)];
      if (body[region] >= 18 && CMDQ_FINDING[region]) findings.add(CMDQ_FINDING[region]);
    }
    const findingIds = [...findings];
    const result = {
      area,
      version: 1,
      language: 'en',
      overall: { score, max: 10, band, actionNeeded: score >= 5 },
      summary: '',
      parts: [],
      findings: findingIds.map((id) => ({ id, severity: band, title: id, recommendation: '', links: [] })),
      bodyMap: Object.entries(body).map(([region, s]) => ({ region, label: region, score: s })),
    };
    return { area, score, band, finding_ids: findingIds, body_scores: body, result };
  });
}

async function timed<T>(seconds: Record<string, number>, step: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const value = await run();
  seconds[step] = (performance.now() - started) / 1000;
  return value;
}

/**
 * Seeds big data into a migrated database (`createContext` has run its migrations; the demo data
 * may be there too). Returns the ids and counts. The defaults took 38 s on PostgreSQL and 163 s on
 * PGlite (in memory) on two busy shared cores, most of it the million attempts and their indexes.
 */
export async function seedBigData(db: Kysely<Database>, options: BigSeedOptions = {}): Promise<BigSeedResult> {
  const nClients = options.clients ?? 50;
  const employees = options.employees ?? 100_000;
  const largeShare = options.largeShare ?? 0.4;
  const attempts = options.attempts ?? 1_000_000;
  const evaluations = options.evaluations ?? 50_000;
  const openRequests = options.openRequests ?? Math.floor(evaluations / 10);
  const nEvaluators = options.evaluators ?? 20;
  if (nClients < 2 || employees < nClients || evaluations > employees * 5)
    throw new Error('big seed: at least 2 clients, one employee per client, at most 5 evaluations per employee');
  const tag = `b${randomBytes(4).toString('hex')}`;
  const seconds: Record<string, number> = {};
  const started = performance.now();
  const roles = new Map((await db.selectFrom('roles').select(['id', 'name']).execute()).map((r) => [r.name, r.id]));
  const employeeRole = roles.get('Employee');
  const evaluatorRole = roles.get('Evaluator') ?? employeeRole;
  if (!employeeRole || !evaluatorRole) throw new Error('big seed: the Employee role is missing (is the database seeded?)');

  const clientIds = await timed(seconds, 'clients', async () =>
    (
      await sql<{ id: number }>`
    INSERT INTO clients (company_name, company_code, seats, regions, status, created_at)
    SELECT CASE WHEN i = 1 THEN 'Bench Large Holdings' ELSE 'Bench Client ' || lpad(i::text, 3, '0') END,
      ${tag} || '-' || i, ${employees}, ${JSON.stringify(REGIONS)}::jsonb, 'active', now() - interval '3 years'
    FROM generate_series(1, ${nClients}) AS i ORDER BY i RETURNING id`.execute(db)
    ).rows.map((r) => Number(r.id)),
  );

  // Employee i (1-based) is in the large client when its position in every 1,000 falls below the
  // share, otherwise in one of the others in turn.
  const perMille = Math.round(largeShare * 1000);
  await timed(seconds, 'employees', () =>
    sql`
    INSERT INTO users (first_name, last_name, email, client_id, role_id, region, status, created_at)
    SELECT (${sql.val(FIRST)}::text[])[1 + (i * 7) % ${FIRST.length}], (${sql.val(LAST)}::text[])[1 + (i * 13) % ${LAST.length}],
      ${tag} || '.' || i || '@bench.example',
      CASE WHEN i % 1000 < ${perMille} THEN ${clientIds[0]} ELSE (${sql.val(clientIds.slice(1))}::int[])[1 + i % ${nClients - 1}] END,
      ${employeeRole}, (${sql.val(REGIONS)}::text[])[1 + i % ${REGIONS.length}],
      CASE WHEN i % 50 = 0 THEN 'disabled' ELSE 'active' END, now() - interval '3 years' + (i % 1000 || ' hours')::interval
    FROM generate_series(1, ${employees}) AS i`.execute(db),
  );

  const evaluatorIds = await timed(seconds, 'evaluators', async () => {
    const ids = (
      await sql<{ id: number }>`
      INSERT INTO users (first_name, last_name, email, client_id, role_id, region, status)
      SELECT 'Eval', 'Uator ' || i, ${tag} || '.evaluator' || i || '@bench.example', ${clientIds[0]}, ${evaluatorRole}, 'Europe', 'active'
      FROM generate_series(1, ${nEvaluators}) AS i ORDER BY i RETURNING id`.execute(db)
    ).rows.map((r) => Number(r.id));
    await sql`INSERT INTO staff_client_assignments (user_id, client_id)
      SELECT e, c FROM unnest(${sql.val(ids)}::int[]) e CROSS JOIN unnest(${sql.val(clientIds)}::int[]) c`.execute(db);
    return ids;
  });

  // The seeded employees numbered 1..n in id order, joined to by that number below.
  const staff = sql`(SELECT id, client_id, row_number() OVER (ORDER BY id) AS n FROM users WHERE email LIKE ${`${tag}.%`} AND role_id = ${employeeRole} AND email NOT LIKE ${`${tag}.evaluator%`})`;

  await timed(seconds, 'attempts', () =>
    sql`
    WITH p AS MATERIALIZED (
      SELECT n - 1 AS k, e->>'area' AS area, (e->>'score')::smallint AS score, e->>'band' AS band,
        ARRAY(SELECT jsonb_array_elements_text(e->'finding_ids')) AS finding_ids, e->'body_scores' AS body_scores, e->'result' AS result
      FROM jsonb_array_elements(${JSON.stringify(profiles())}::jsonb) WITH ORDINALITY AS t(e, n)
    ), u AS MATERIALIZED ${staff},
    g AS (SELECT i, now() - ((i % 730) || ' days')::interval - (((i * 37) % 86400) || ' seconds')::interval AS at FROM generate_series(1, ${attempts}) AS i)
    INSERT INTO assessment_attempts (user_id, client_id, area, language, questionnaire_version, answers, status, sections_done,
      started_at, updated_at, submitted_at, result, report_token, report_status, overall_score, risk_band, finding_ids, body_scores)
    SELECT u.id, u.client_id, p.area, 'en', 1, '{}', 'submitted', '[]', g.at - interval '12 minutes', g.at, g.at, p.result,
      md5(${tag} || g.i) || to_hex(g.i), 'Finalized', p.score, p.band, p.finding_ids, p.body_scores
    FROM g JOIN u ON u.n = 1 + g.i % ${employees} JOIN p ON p.k = g.i % ${PROFILES}`.execute(db),
  );

  // Requests 1..evaluations are completed, each with its evaluation; the rest are open. Employee and
  // evaluator rotate; dates spread over the last two years (open ones over the last month).
  const totalRequests = evaluations + openRequests;
  await timed(seconds, 'requests', () =>
    sql`
    WITH u AS MATERIALIZED ${staff}
    INSERT INTO evaluation_requests (user_id, client_id, preferred_times, notes, status, created_at, work_area, discomfort, time_zone,
      evaluator_id, scheduled_at, meeting_url, scheduled_first_at, cancelled_at, completed_at, updated_at)
    SELECT u.id, u.client_id, 'Weekday mornings', 'Ache in the neck and lower back after long days.',
      s.status, s.created, (ARRAY['Office', 'Home', 'Anywhere', 'Lab', 'Travel'])[1 + r.i % 5],
      '{"neck": {"frequency": 3, "discomfort": 2, "interference": 1}}', 'Europe/London',
      CASE WHEN s.status IN ('scheduled', 'completed') THEN (${sql.val(evaluatorIds)}::int[])[1 + r.i % ${nEvaluators}] END,
      CASE WHEN s.status IN ('scheduled', 'completed') THEN s.created + interval '5 days' END,
      CASE WHEN s.status IN ('scheduled', 'completed') THEN 'https://meet.example/bench-' || r.i END,
      CASE WHEN s.status IN ('scheduled', 'completed') THEN s.created + interval '1 day' END,
      CASE WHEN s.status = 'cancelled' THEN s.created + interval '2 days' END,
      CASE WHEN s.status = 'completed' THEN s.created + interval '5 days' END, s.created
    FROM generate_series(1, ${totalRequests}) AS r(i)
    JOIN u ON u.n = 1 + (r.i * 7) % ${employees}
    CROSS JOIN LATERAL (SELECT
      CASE WHEN r.i <= ${evaluations} THEN 'completed' WHEN r.i % 3 = 0 THEN 'scheduled' WHEN r.i % 3 = 1 THEN 'requested' ELSE 'cancelled' END AS status,
      CASE WHEN r.i <= ${evaluations} THEN now() - ((10 + r.i % 720) || ' days')::interval ELSE now() - ((r.i % 30) || ' days')::interval END AS created) s
    ORDER BY r.i`.execute(db),
  );

  // Evaluations: 70 % finalized, the rest spread over the workflow's other states.
  await timed(seconds, 'evaluations', async () => {
    await sql`
      WITH r AS (SELECT id, user_id, client_id, evaluator_id, work_area, completed_at, row_number() OVER (ORDER BY id) AS n
        FROM evaluation_requests WHERE meeting_url LIKE 'https://meet.example/bench-%' AND status = 'completed'
          AND client_id = ANY(${sql.val(clientIds)}::int[]))
      INSERT INTO evaluations (client_id, employee_id, evaluator_id, request_id, status, work_area, observations, rosa, recommendations,
        version, created_at, updated_at, submitted_at, finalized_at)
      SELECT r.client_id, r.user_id, r.evaluator_id, r.id, s.status, r.work_area,
        '{"posture": "Leans forward to read the screen; feet not flat on the floor."}', '{}',
        '[{"catalogue_key": "chair.lumbar_support", "priority": "high"}]', 1, r.completed_at, r.completed_at + interval '3 days',
        CASE WHEN s.status <> 'draft' THEN r.completed_at + interval '1 day' END,
        CASE WHEN s.status = 'finalized' THEN r.completed_at + interval '3 days' END
      FROM r CROSS JOIN LATERAL (SELECT CASE WHEN r.n % 10 < 7 THEN 'finalized'
        ELSE (ARRAY['draft', 'in_review', 're_review', 'pending_client_approval'])[1 + r.n % 4] END AS status) s`.execute(db);
    const mine = sql`(SELECT * FROM evaluations WHERE client_id = ANY(${sql.val(clientIds)}::int[]))`;
    await sql`INSERT INTO evaluation_versions (evaluation_id, version, status, content, saved_by, saved_at)
      SELECT e.id, 1, e.status, jsonb_build_object('work_area', e.work_area, 'observations', e.observations, 'rosa', e.rosa,
        'recommendations', e.recommendations, 'client_wording', e.client_wording), e.evaluator_id, e.updated_at FROM ${mine} e`.execute(db);
    await sql`INSERT INTO evaluation_transitions (evaluation_id, transition, from_status, to_status, actor_id, at)
      SELECT e.id, 'submit', 'draft', 'in_review', e.evaluator_id, e.submitted_at FROM ${mine} e WHERE e.status <> 'draft'
      UNION ALL
      SELECT e.id, 'finalize', 'evaluator_qc_reviewed', 'finalized', e.evaluator_id, e.finalized_at FROM ${mine} e WHERE e.status = 'finalized'`.execute(
      db,
    );
    // One follow-up per finalized report, due 30 days later; two in three answered.
    await sql`INSERT INTO follow_ups (evaluation_id, client_id, employee_id, due_at, reminders_sent, answered_at, answers, created_at)
      SELECT e.id, e.client_id, e.employee_id, e.finalized_at + interval '30 days', e.id % 3,
        CASE WHEN e.id % 3 <> 0 THEN e.finalized_at + interval '32 days' END,
        CASE WHEN e.id % 3 <> 0 THEN jsonb_build_object('improved', e.id % 4 <> 0, 'discomfort_now', e.id % 5) END, e.finalized_at
      FROM ${mine} e WHERE e.status = 'finalized'`.execute(db);
  });

  await timed(seconds, 'actions', () => seedBigActions(db, clientIds));
  await timed(seconds, 'equipment', () => seedBigEquipment(db, clientIds[0], tag));
  if (options.analyze ?? true) {
    await timed(seconds, 'analyze', async () => {
      for (const table of [
        'clients',
        'users',
        'assessment_attempts',
        'evaluation_requests',
        'evaluations',
        'evaluation_versions',
        'evaluation_transitions',
        'follow_ups',
        'staff_client_assignments',
        'dashboard_month_facts',
        'dashboard_month_people',
        'latest_self_assessments',
        'user_counts',
        'equipment_items',
        'equipment_requests',
      ]) {
        await sql`VACUUM ANALYZE ${sql.table(table)}`.execute(db);
      }
    });
  }
  seconds.total = (performance.now() - started) / 1000;
  const finalized = Array.from({ length: evaluations }, (_, i) => (i + 1) % 10 < 7).filter(Boolean).length;
  return {
    tag,
    clientIds,
    largeClientId: clientIds[0],
    evaluatorIds,
    seconds,
    counts: {
      clients: nClients,
      employees,
      largeClientEmployees: Array.from({ length: employees }, (_, i) => ((i + 1) % 1000 < perMille ? 1 : 0) as number).reduce(
        (a, b) => a + b,
        0,
      ),
      attempts,
      evaluations,
      requests: totalRequests,
      followUps: finalized,
    },
  };
}

/** Counts what `seedBigData` wrote and throws, naming each difference, unless all match its `counts`. */
export async function checkBigSeed(db: Kysely<Database>, seeded: BigSeedResult): Promise<void> {
  const ids = sql.val(seeded.clientIds);
  const {
    rows: [row],
  } = await sql<Record<keyof BigSeedResult['counts'], string>>`SELECT
    (SELECT count(*) FROM clients WHERE id = ANY(${ids}::int[])) AS clients,
    (SELECT count(*) FROM users WHERE client_id = ANY(${ids}::int[]) AND email NOT LIKE ${`${seeded.tag}.evaluator%`}) AS employees,
    (SELECT count(*) FROM users WHERE client_id = ${seeded.largeClientId} AND email NOT LIKE ${`${seeded.tag}.evaluator%`}) AS "largeClientEmployees",
    (SELECT count(*) FROM assessment_attempts WHERE client_id = ANY(${ids}::int[]) AND status = 'submitted'
      AND overall_score BETWEEN 1 AND 10 AND risk_band IS NOT NULL AND finding_ids IS NOT NULL AND body_scores IS NOT NULL
      AND overall_score = (result->'overall'->>'score')::int) AS attempts,
    (SELECT count(*) FROM evaluations WHERE client_id = ANY(${ids}::int[])) AS evaluations,
    (SELECT count(*) FROM evaluation_requests WHERE client_id = ANY(${ids}::int[])) AS requests,
    (SELECT count(*) FROM follow_ups WHERE client_id = ANY(${ids}::int[])) AS "followUps"`.execute(db);
  const wrong = Object.entries(seeded.counts)
    .filter(([k, v]) => Number(row[k as keyof typeof row]) !== v)
    .map(([k, v]) => `${k}: ${row[k as keyof typeof row]} rows, expected ${v}`);
  if (wrong.length) throw new Error(`big seed counts wrong: ${wrong.join('; ')}`);
}

/**
 * `npx tsx tests/bench/big-seed.ts [pglite|postgres]`: seeds the defaults into a fresh database,
 * checks the counts and prints the time of each step (BIG_SEED_EMPLOYEES etc. are not read: pass
 * options from your own bench instead).
 */
async function main(which: string[]) {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const pg = (await import('pg')).default;
  const { loadConfig } = await import('../../src/server/config');
  const { createContext } = await import('../../src/server/create-context');
  const pgUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  for (const database of which) {
    const dataDir = mkdtempSync(join(tmpdir(), 'ergoportal-bigseed-'));
    const schema = database === 'postgres' ? `bench_${randomBytes(4).toString('hex')}` : undefined;
    const admin = async (q: string) => {
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(q);
      await c.end();
    };
    if (schema) await admin(`CREATE SCHEMA ${schema}`);
    const config = loadConfig({
      DATA_DIR: schema ? dataDir : 'memory://',
      SESSION_SECRET: 'g'.repeat(48),
      WEB_DIR: join(dataDir, 'none'),
      ...(schema ? { DATABASE_URL: pgUrl } : {}),
    });
    const ctx = await createContext({ ...config, dataDir: schema ? dataDir : 'memory://' }, { schema });
    try {
      const seeded = await seedBigData(ctx.db);
      await checkBigSeed(ctx.db, seeded);
      console.log(`${database}: counts ok ${JSON.stringify(seeded.counts)}`);
      console.log(
        `${database}: seconds ${Object.entries(seeded.seconds)
          .map(([k, v]) => `${k} ${v.toFixed(1)}`)
          .join(', ')}`,
      );
    } finally {
      await ctx.db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
      if (schema) await admin(`DROP SCHEMA ${schema} CASCADE`);
    }
  }
}

if (process.argv[1]?.endsWith('big-seed.ts')) await main(process.argv[2] ? [process.argv[2]] : ['postgres', 'pglite']);
