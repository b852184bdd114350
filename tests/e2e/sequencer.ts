import path from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'
import type { Exclusive } from './exclusive'

/**
 * The order the browser files start in, two at a time (vitest.e2e.config.ts): longest first, so the
 * two workers finish together, and a file that needs a resource another holds (tests/e2e/exclusive.ts)
 * placed where the other will be done by the time a worker takes it. The order comes from playing the
 * run through with each file's usual seconds on this 2-core machine (a file not listed counts as
 * DEFAULT_SECONDS); the seconds are refreshed from the slowest-files table a run prints.
 */
const SECONDS: Record<string, number> = {
  'abPace.e2e.ts': 35,
  'abuse.e2e.ts': 9,
  'buildFaults.e2e.ts': 7,
  'callContrast.e2e.ts': 14,
  'calls.e2e.ts': 14,
  'callsReport.e2e.ts': 8,
  'cluster.e2e.ts': 11,
  'copyCoverage.e2e.ts': 39,
  'edge.e2e.ts': 3,
  'editorGuards.e2e.ts': 65,
  'editorSafety.e2e.ts': 45,
  'firstFlight.e2e.ts': 1,
  'fuzz.e2e.ts': 40,
  'headers.e2e.ts': 34,
  'hosts.e2e.ts': 11,
  'jsBudget.e2e.ts': 1,
  'keywordLayout.e2e.ts': 31,
  'layout.e2e.ts': 9,
  'overload.e2e.ts': 15,
  'personalization.e2e.ts': 8,
  'publish.e2e.ts': 6,
  'routes.e2e.ts': 55,
  'searchEngines.e2e.ts': 1,
  'sharedCaches.e2e.ts': 26,
  'specialPages.e2e.ts': 34,
  'specRows.e2e.ts': 12,
  'store.e2e.ts': 8,
  'studio.e2e.ts': 120,
  'voice.e2e.ts': 13,
  'outsiders.e2e.ts': 20,
}
const DEFAULT_SECONDS = 20
const EXCLUSIVE: Record<string, Exclusive> = {
  'studio.e2e.ts': 'studio-lake',
  'editorGuards.e2e.ts': 'studio-lake',
  'editorSafety.e2e.ts': 'studio-lake',
}

export interface Planned {
  name: string
  seconds: number
  exclusive?: Exclusive
}

/** The order in which `workers` workers taking the next file whenever one is free run the files soonest. */
export function plan(files: readonly Planned[], workers: number): Planned[] {
  const remaining = [...files].sort((a, b) => b.seconds - a.seconds || a.name.localeCompare(b.name))
  const freeAt = Array.from({ length: workers }, () => 0)
  const heldUntil = new Map<Exclusive, number>()
  const order: Planned[] = []
  while (remaining.length > 0) {
    const now = Math.min(...freeAt)
    const worker = freeAt.indexOf(now)
    const ready = remaining.findIndex((file) => !file.exclusive || (heldUntil.get(file.exclusive) ?? 0) <= now)
    const [next] = remaining.splice(ready === -1 ? 0 : ready, 1)
    const start = next!.exclusive ? Math.max(now, heldUntil.get(next!.exclusive) ?? 0) : now
    freeAt[worker] = start + next!.seconds
    if (next!.exclusive) heldUntil.set(next!.exclusive, freeAt[worker]!)
    order.push(next!)
  }
  return order
}

export default class PlannedSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const byName = new Map(files.map((spec) => [path.basename(spec.moduleId), spec]))
    const planned = plan(
      [...byName.keys()].map((name) => ({ name, seconds: SECONDS[name] ?? DEFAULT_SECONDS, exclusive: EXCLUSIVE[name] })),
      Math.max(1, this.ctx.config.maxWorkers),
    )
    return planned.map(({ name }) => byName.get(name)!)
  }
}
