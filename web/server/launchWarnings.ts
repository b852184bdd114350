import { checkLaunch } from '../content/launchCheck.ts'
import { findingLine, type Finding } from '../lib/launch/checks.ts'

/**
 * The launch check at start (`npm start`): each finding of `npm run check:launch` as one warning
 * line. It never blocks the start: main.ts calls this after the server listens, without waiting,
 * and a check still running after deadlineMs (a slow Content Lake) is given up with one line.
 */
export const LAUNCH_CHECK_DEADLINE_MS = 10_000

export async function warnAboutLaunch(
  warn: (line: string) => void = console.warn,
  check: () => Promise<Finding[]> = () => checkLaunch(process.env),
  deadlineMs = LAUNCH_CHECK_DEADLINE_MS,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), deadlineMs)
    timer.unref()
  })
  try {
    const findings = await Promise.race([check(), deadline])
    if (findings === 'timeout') return warn(`[launch check] gave up after ${deadlineMs / 1000} s: run npm run check:launch to see the findings.`)
    for (const finding of findings) warn(`[launch check] ${findingLine(finding)}`)
  } catch (error) {
    warn(`[launch check] could not run: ${(error as Error).message}`)
  } finally {
    clearTimeout(timer)
  }
}
