import { appendFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/**
 * Every retry a browser test still needs (a menu reopened, a click sent again) is counted, not hidden: it is
 * logged and appended to one file per run, which the e2e run prints at the end (0 is the goal).
 * Test files run in separate workers, so the count lives in a file, not in memory: one per run, named by the
 * global setup in E2E_RETRY_LOG (workers inherit it), so runs elsewhere on the machine never mix in.
 */
export const retryLog = () => process.env.E2E_RETRY_LOG ?? path.join(os.tmpdir(), 'lpe-e2e-retries.log')

export function noteRetry(what: string): void {
  // One line per retry: the count is the file's lines (a Playwright error's call log spans several).
  const line = what.replace(/\s*\n\s*/g, ' ')
  console.log(`[retry] ${line}`)
  appendFileSync(retryLog(), `${new Date().toISOString()} ${line}\n`)
}
