import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import PlannedSequencer from './tests/e2e/sequencer.ts'

/**
 * Browser tests: Debian Chromium (playwright-core) against the production server (`npm start` =
 * web/server/main.ts) on the production build. Two files at a time, each on its worker's own shared
 * server (tests/e2e/server.ts) and its own ports and data (tests/e2e/ports.ts), in the order
 * tests/e2e/sequencer.ts plans.
 */
export default defineConfig({
  resolve: { alias: { '@/': fileURLToPath(new URL('./web/', import.meta.url)) } },
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/server.ts'],
    setupFiles: ['tests/e2e/laneReady.ts', 'tests/e2e/countAssertions.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: true,
    maxWorkers: 2,
    sequence: { sequencer: PlannedSequencer },
    reporters: ['default', './tests/support/slowestFiles.ts'],
  },
})
