import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBigSeed, seedBigData, type BigSeedResult } from '../bench/big-seed';
import { startTestServer, type TestServer } from '../helpers/test-server';

// The benches' big-data seeder (tests/bench/big-seed.ts) at a small size: every count it promises is
// what lands in the tables, and its rows satisfy the schema's checks on this database.
describe('big-data seeder', () => {
  let server: TestServer;
  let seeded: BigSeedResult;
  beforeAll(async () => {
    server = await startTestServer();
    seeded = await seedBigData(server.ctx.db, {
      clients: 5,
      employees: 2_000,
      attempts: 20_000,
      evaluations: 500,
      evaluators: 3,
      analyze: false,
    });
  });
  afterAll(() => server?.close());

  it('writes the counts it reports, the large client holding its share', async () => {
    await checkBigSeed(server.ctx.db, seeded);
    expect(seeded.counts.largeClientEmployees).toBe(800);
    expect(seeded.counts.followUps).toBe(350);
  });

  it('gives every submitted attempt a unique report token and findings its stored result names', async () => {
    const row = await server.ctx.db
      .selectFrom('assessment_attempts')
      .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.count<string>('report_token').distinct().as('tokens')])
      .where('client_id', 'in', [...seeded.clientIds])
      .executeTakeFirstOrThrow();
    expect(Number(row.tokens)).toBe(20_000);
    expect(Number(row.n)).toBe(20_000);
    const sample = await server.ctx.db
      .selectFrom('assessment_attempts')
      .select(['result', 'finding_ids', 'risk_band', 'area'])
      .where('client_id', '=', seeded.largeClientId)
      .limit(50)
      .execute();
    for (const a of sample) {
      const result = (typeof a.result === 'string' ? JSON.parse(a.result) : a.result) as {
        area: string;
        overall: { band: string };
        findings: { id: string }[];
      };
      expect(result.findings.map((f) => f.id)).toEqual(a.finding_ids);
      expect(result.overall.band).toBe(a.risk_band);
      expect(result.area).toBe(a.area);
    }
  });
});
