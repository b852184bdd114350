import { defineConfig } from 'vitest/config'

/** Browser tests: Debian Chromium (playwright-core) against `next start` on the production build. */
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/server.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
})
