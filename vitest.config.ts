import { defineConfig } from 'vitest/config';
import { interfaceTextsPlugin } from './src/web/build/interface-texts-plugin.ts';
import { CrawlFirstSequencer } from './tests/e2e/support/sequencer.ts';

/**
 * Test projects (tests/README.md):
 * - unit: pure logic, generator golden tests, React components in happy-dom;
 * - api: the Fastify server through app.inject / real HTTP, run once on PGlite and once on
 *   PostgreSQL (DATABASE_URL) by tests/run-all.sh;
 * - durability: what survives: fsync before a commit is acknowledged, the real server killed mid-load
 *   and restarted, backup and restore round trips (on PGlite, and on PostgreSQL with TEST_DATABASE_URL);
 * - e2e: the built product in Debian's Chromium through playwright-core, two files at a time in two
 *   workers, each keeping its modules and its Chromium from file to file; the crawl
 *   (tests/e2e/crawl.test.ts), the longest browser file, starts first (tests/e2e/support/sequencer.ts);
 * - crawl: the crawl alone, to run it by itself.
 */
export default defineConfig({
  // Web modules under test import content/interface/*.yaml as the build does.
  plugins: [interfaceTextsPlugin()],
  test: {
    sequence: { sequencer: CrawlFirstSequencer },
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
          environment: 'node',
          // Each file's product starts from the prepared database, as the api project's servers do.
          globalSetup: ['tests/helpers/database-template.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // A page's answer can take seconds on a busy machine: a poll waits as long as a user would.
          expect: { poll: { timeout: 15_000 } },
          // Two files at once on 2 cores: a browser file mostly waits on its page loads, which the other
          // file's work fills (the crawl ran beside the other files this way before it joined them).
          // E2E_WORKERS=1 runs them one after another.
          maxWorkers: Math.max(1, Number(process.env.E2E_WORKERS ?? 2)),
          // Each worker runs its files one after another with the modules it imported for the first (the
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
          globalSetup: ['tests/helpers/database-template.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // A page's answer can take seconds on a busy machine: a poll waits as long as a user would.
          expect: { poll: { timeout: 15_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
