import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, expect } from 'vitest'

/**
 * How many assertions a run made, so a faster suite can show it still checks as much (issue 27). Each test's
 * count (vitest's expect state) is appended to one file per run: test files run in separate workers.
 * Setup file: `countAssertions` after each test; global setup: `resetAssertionCount` and `printAssertionCount`.
 */
const LOG = (suite: string) => process.env.ASSERTION_LOG ?? path.join(os.tmpdir(), `lpe-assertions-${suite}.log`)

export function countAssertions(suite: string): void {
  afterEach((context) => {
    // A concurrent test asserts with its own expect (vitest's rule); the others with the global one.
    const state = (context.task.concurrent ? context.expect : expect).getState()
    appendFileSync(LOG(suite), `${state.assertionCalls}\n`)
  })
}

/**
 * Global setup: a log of this run's own (workers inherit the environment), so runs in other checkouts or
 * beside this one never add to or empty its count.
 */
export function resetAssertionCount(suite: string): void {
  process.env.ASSERTION_LOG = path.join(mkdtempSync(path.join(os.tmpdir(), `lpe-assertions-${suite}-`)), 'counts.log')
  rmSync(LOG(suite), { force: true })
}

export function printAssertionCount(suite: string): void {
  const counts = existsSync(LOG(suite)) ? readFileSync(LOG(suite), 'utf8').split('\n').filter(Boolean).map(Number) : []
  console.log(`\nAssertions in this run (${suite}): ${counts.reduce((sum, count) => sum + count, 0)} in ${counts.length} tests`)
  rmSync(path.dirname(LOG(suite)), { recursive: true, force: true })
}
