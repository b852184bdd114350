import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

/** Browser tests: Debian Chromium (playwright-core) against the production server (`npm start` = web/server/main.ts) on the production build. */
export default defineConfig({
  resolve: { alias: { '@/': fileURLToPath(new URL('./web/', import.meta.url)) } },
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/server.ts'],
    setupFiles: ['tests/e2e/countAssertions.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
})
