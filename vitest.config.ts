import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  oxc: { jsx: { runtime: 'automatic' } },
  // The `@/` alias tsconfig.json declares (Next reads it from there; vitest needs it spelled out).
  resolve: { alias: { '@/': fileURLToPath(new URL('./web/', import.meta.url)) } },
  test: {
    include: ['web/**/*.test.{ts,tsx}', 'studio/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'tests/unit/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['tests/support/countUnit.ts'],
    globalSetup: ['tests/support/countUnitGlobal.ts'],
    reporters: ['default', './tests/support/slowestFiles.ts'],
    // Two files at a time on two cores: some files mostly wait (a PostgreSQL stopped for 20 s, servers on loopback),
    // and Vitest's default on two cores is one.
    maxWorkers: 2,
  },
})
