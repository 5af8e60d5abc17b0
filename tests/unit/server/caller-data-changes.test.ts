import { describe, expect, it } from 'vitest';
import { callerDataGeneration, createWriteTracker } from '../../../src/server/db/caller-data-changes';

/** Runs one statement through a tracker and returns how often the generation moved. */
async function bumps(track: ReturnType<typeof createWriteTracker>, sql: string): Promise<number> {
  const before = callerDataGeneration();
  await track(sql, async () => undefined);
  return callerDataGeneration() - before;
}

describe('caller data change tracking', () => {
  it('leaves the generation alone for reads and for writes to other tables', async () => {
    const track = createWriteTracker();
    expect(await bumps(track, 'select "f"."id" from "refresh_families" as "f" where "f"."id" = $1 for update')).toBe(0);
    expect(await bumps(track, 'insert into "audit_log" ("actor_id", "client_id", "action") values ($1, $2, $3)')).toBe(0);
    expect(await bumps(track, 'update "user_groups" set "name" = $1 where "id" = $2')).toBe(0);
    expect(await bumps(track, 'delete from "user_clients" where "user_id" = $1')).toBe(0);
  });

  it('moves it before and after a write to any table a caller row is made of', async () => {
    const track = createWriteTracker();
    for (const sql of [
      'update "users" set "status" = $1 where "id" = $2',
      'update "refresh_families" set "revoked_at" = $1 where "id" = $2',
      'insert into "role_permissions" ("role_id", "permission") values ($1, $2)',
      'DELETE FROM roles WHERE id = $1',
      'update "clients" set "site_menu_details" = $1 where "id" = $2',
      'WITH gone AS (DELETE FROM refresh_families WHERE user_id = $1) SELECT 1',
    ])
      expect(await bumps(track, sql)).toBe(2);
  });

  it('moves it again when a transaction that wrote commits or rolls back, and not for one that only read', async () => {
    const track = createWriteTracker();
    expect(await bumps(track, 'begin')).toBe(0);
    expect(await bumps(track, 'update "users" set "role_id" = $1 where "id" = $2')).toBe(2);
    expect(await bumps(track, 'commit')).toBe(1);
    expect(await bumps(track, 'begin')).toBe(0);
    expect(await bumps(track, 'select * from "users"')).toBe(0);
    expect(await bumps(track, 'commit')).toBe(0);
    expect(await bumps(track, 'begin')).toBe(0);
    expect(await bumps(track, 'delete from "role_permissions" where "role_id" = $1')).toBe(2);
    expect(await bumps(track, 'rollback')).toBe(1);
  });

  it('moves it after a failed write too', async () => {
    const track = createWriteTracker();
    const before = callerDataGeneration();
    await expect(
      track('update "users" set "email" = $1', async () => {
        throw new Error('duplicate key');
      }),
    ).rejects.toThrow('duplicate key');
    expect(callerDataGeneration() - before).toBe(2);
  });
});
