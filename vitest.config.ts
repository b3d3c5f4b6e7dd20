import { defineConfig } from 'vitest/config'
import { answerShapes } from './apps/console/answer-shapes'
import { SlowFirstSequencer } from './test/slow-first-sequencer'

/**
 * One command runs every suite: unit and HTTP tests (on PGlite, or on the
 * PostgreSQL server named by TEST_DATABASE_URL), the console's unit tests, and
 * the browser tests against the built console.
 */
export default defineConfig({
  test: {
    // The longest files start first, beside the short ones, not alone at the end.
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        test: {
          name: 'server',
          // Each test database is a PGlite started afresh (about 100 in the project), and a third of a
          // start's CPU (6.0 -> 3.8-4.7 core-seconds) went to V8 optimising the WebAssembly engine's code on
          // other threads, for a database that then runs a few thousand queries at most: on 24 files,
          // 167 -> 137 core-seconds, 96 -> 84 s. The server `npm start` runs keeps V8's defaults.
          execArgv: ['--liftoff-only'],
          include: ['packages/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'test/**/*.test.ts'],
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: 'forks',
          maxWorkers: 2,
          // Projects with different worker settings run as separate groups, in this order.
          sequence: { groupOrder: 1 },
        },
      },
      {
        // The console's build-time module of answer shapes, which the tutor's stored chat is checked by.
        plugins: [answerShapes()],
        test: {
          name: 'console',
          root: 'apps/console',
          // src/ and the build's own plugins beside vite.config.ts.
          include: ['src/**/*.test.ts', '*.test.ts'],
          environment: 'node',
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['test/global-setup.ts'],
          setupFiles: ['e2e/report-server-log.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // What a browser waits for (a proxied image, a job's result, a re-render) can take seconds on a
          // loaded machine: vitest's default of one second failed tests in CI that pass on a quiet one.
          expect: { poll: { timeout: 10_000 } },
          // Two files at a time: one file keeps about 1.4 of the 2 cores busy (its server and Chromium
          // wait on each other), two keep 1.8 busy; six files took 137 s instead of 171 s.
          maxWorkers: 2,
          // A worker's files share its process: each file starts its own server, database and browser,
          // and shares nothing through modules; a fresh process per file cost 2.3 s of imports each.
          isolate: false,
          pool: 'forks',
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
})
