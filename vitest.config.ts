import { defineConfig } from 'vitest/config';
import { interfaceTextsPlugin } from './src/web/build/interface-texts-plugin.ts';

/**
 * Test projects (tests/README.md):
 * - unit: pure logic, generator golden tests, React components in happy-dom;
 * - api: the Fastify server through app.inject / real HTTP, run once on PGlite and once on
 *   PostgreSQL (DATABASE_URL) by tests/run-all.sh;
 * - durability: what survives: fsync before a commit is acknowledged, the real server killed mid-load
 *   and restarted, backup and restore round trips (on PGlite, and on PostgreSQL with TEST_DATABASE_URL);
 * - e2e: the built product in Debian's Chromium through playwright-core, one file at a time in one
 *   worker that keeps its modules and its Chromium from file to file;
 * - crawl: the crawl of every route for every demo account (tests/e2e/crawl.test.ts), the longest
 *   browser file, run by tests/run-all.sh beside the e2e project (two browser files at once, not more).
 */
export default defineConfig({
  // Web modules under test import content/interface/*.yaml as the build does.
  plugins: [interfaceTextsPlugin()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/generator/**/*.test.ts'],
          environment: 'node',
          // The checks that read every source file (links by name, literals, boundaries) take seconds
          // on a busy machine; their time is not what they test.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Migrates and seeds one database for the run; each test server starts from a copy (tests/README.md "Test databases").
          globalSetup: ['tests/helpers/database-template.ts'],
          // One PGlite per file is heavy; keep the pool small on 2 cores.
          maxWorkers: 2,
          // Files share each worker's modules instead of importing the server afresh per file (about
          // two seconds of a file's time): no API test mocks a module, and the server's module-level
          // caches are keyed by database, context or file, so one file's servers never reach another's.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'durability',
          include: ['tests/durability/**/*.test.ts'],
          environment: 'node',
          testTimeout: 240_000,
          hookTimeout: 120_000,
          // Each file starts servers or databases of its own: one at a time on 2 cores.
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          exclude: ['tests/e2e/crawl.test.ts'],
          environment: 'node',
          // Each file's product starts from the prepared database, as the api project's servers do.
          globalSetup: ['tests/helpers/database-template.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // One worker runs the files one after another with the modules it imported for the first (the
          // server's and the test helpers', several seconds a file) and one Chromium (support/browser.ts);
          // each file still starts its own server on its own copy of the database and its own browser
          // contexts. It holds for the reasons the api project's does: no browser test mocks a module.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'crawl',
          include: ['tests/e2e/crawl.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
