import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import PlannedSequencer from './tests/e2e/sequencer.ts'

const E2E_WORKERS = Math.max(1, Math.min(2, Number(process.env.E2E_WORKERS) || 2))

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
    // E2E_WORKERS=1 runs one file at a time (CI, .ci/run): files that measure a flood or a layout shift are
    // steadier without another file's load beside them on two cores.
    fileParallelism: E2E_WORKERS > 1,
    maxWorkers: E2E_WORKERS,
    sequence: { sequencer: PlannedSequencer },
    reporters: ['default', './tests/support/slowestFiles.ts'],
  },
})
