import path from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * The order the browser files start in, two at a time (vitest.e2e.config.ts): longest first, so the
 * two workers finish together, and files kept apart (APART) placed where the one before will be done by
 * the time a worker takes the next. The order comes from playing the run through with each file's usual
 * seconds on this 2-core machine (a file not listed counts as DEFAULT_SECONDS); the seconds are refreshed
 * from the slowest-files table a run prints.
 */
const SECONDS: Record<string, number> = {
  'abPace.e2e.ts': 34,
  'abuse.e2e.ts': 18,
  'buildFaults.e2e.ts': 9,
  'callContrast.e2e.ts': 25,
  'calls.e2e.ts': 30,
  'callsReport.e2e.ts': 11,
  'cluster.e2e.ts': 19,
  'copyCoverage.e2e.ts': 58,
  'devServer.e2e.ts': 110,
  'edge.e2e.ts': 4,
  'editorGuards.e2e.ts': 80,
  'editorSafety.e2e.ts': 52,
  'firstFlight.e2e.ts': 1,
  'fuzz.e2e.ts': 80,
  'headers.e2e.ts': 42,
  'hosts.e2e.ts': 16,
  'jsBudget.e2e.ts': 1,
  'keywordLayout.e2e.ts': 45,
  'layout.e2e.ts': 12,
  'overload.e2e.ts': 15,
  'personalization.e2e.ts': 10,
  'portal.e2e.ts': 41,
  'publish.e2e.ts': 11,
  'routes.e2e.ts': 31,
  'searchEngines.e2e.ts': 1,
  'serviceAreas.e2e.ts': 20,
  'sharedCaches.e2e.ts': 33,
  'specialPages.e2e.ts': 49,
  'specRows.e2e.ts': 16,
  'store.e2e.ts': 12,
  'studio.e2e.ts': 130,
  'voice.e2e.ts': 25,
  'outsiders.e2e.ts': 5,
}
const DEFAULT_SECONDS = 20
/**
 * Files never planned to run at the same time. The Studio files hold the local lake (tests/e2e/exclusive.ts), and,
 * with abPace (its quiet spells), mostly wait: one after another, each runs beside a file that keeps the cores busy
 * (measured: abPace beside a Studio file left the cores 49 % busy for its half minute). devServer is the opposite
 * (`next dev` compiling the Studio, both cores for a minute or more) and beside a Studio file doubled both (run 49).
 */
const APART: Record<string, string> = {
  'studio.e2e.ts': 'studio',
  'editorGuards.e2e.ts': 'studio',
  'editorSafety.e2e.ts': 'studio',
  'abPace.e2e.ts': 'studio',
  'devServer.e2e.ts': 'studio',
}

export interface Planned {
  name: string
  seconds: number
  /** Files with the same value never run at the same time. */
  apart?: string
}

/** The order in which `workers` workers taking the next file whenever one is free run the files soonest. */
export function plan(files: readonly Planned[], workers: number): Planned[] {
  const remaining = [...files].sort((a, b) => b.seconds - a.seconds || a.name.localeCompare(b.name))
  const freeAt = Array.from({ length: workers }, () => 0)
  const heldUntil = new Map<string, number>()
  const order: Planned[] = []
  while (remaining.length > 0) {
    const now = Math.min(...freeAt)
    const worker = freeAt.indexOf(now)
    const ready = remaining.findIndex((file) => !file.apart || (heldUntil.get(file.apart) ?? 0) <= now)
    const [next] = remaining.splice(ready === -1 ? 0 : ready, 1)
    const start = next!.apart ? Math.max(now, heldUntil.get(next!.apart) ?? 0) : now
    freeAt[worker] = start + next!.seconds
    if (next!.apart) heldUntil.set(next!.apart, freeAt[worker]!)
    order.push(next!)
  }
  return order
}

export default class PlannedSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const byName = new Map(files.map((spec) => [path.basename(spec.moduleId), spec]))
    const planned = plan(
      [...byName.keys()].map((name) => ({ name, seconds: SECONDS[name] ?? DEFAULT_SECONDS, apart: APART[name] })),
      Math.max(1, this.ctx.config.maxWorkers),
    )
    return planned.map(({ name }) => byName.get(name)!)
  }
}
