import type { DatabaseSync, StatementSync } from 'node:sqlite'
import { callLogFile } from '../calls/index.ts'
import { openCallLogDatabase } from '../calls/store.ts'
import { LIMITS, text } from '../calls/tap.ts'

/**
 * Visitors per experiment arm, first-party: how many visitors were assigned each arm, per day, so
 * the Calls tool can divide taps by visitors. Counted where the arm is assigned (the proxy, when it
 * sets the arm cookie — once per visitor, not per page view) with `recordArmVisit(experiment, arm)`.
 *
 * Counts are kept in memory and added to the `arm_visits` table of the call log's SQLite file every
 * few seconds (one small write instead of one per visitor). Bounded: names are cleaned and capped
 * like a tap's, at most MAX_PENDING distinct arms wait in memory, and the table keeps one row per
 * day × experiment × arm for KEEP_DAYS days. Nothing about the visitor is stored — only the count.
 */
export interface ArmVisitRow {
  day: string
  experiment: string
  arm: string
  visits: number
}

export interface ArmVisitCounter {
  /** Counts one visitor assigned `arm` of `experiment` (never throws; names cleaned and capped). */
  record(experiment: string, arm: string, now?: Date): void
  /** Writes the pending counts now. */
  flush(): void
  /** Visitors per day × experiment × arm since `sinceDay` (YYYY-MM-DD), pending counts included. */
  totals(sinceDay?: string): ArmVisitRow[]
  close(): void
}

export const FLUSH_MS = 5_000
const MAX_PENDING = 1_000
export const KEEP_DAYS = 400

export function sqliteArmVisits(file: string, { flushMs = FLUSH_MS }: { flushMs?: number } = {}): ArmVisitCounter {
  let db: DatabaseSync | undefined
  let add: StatementSync | undefined
  let prune: StatementSync | undefined
  let select: StatementSync | undefined
  const pending = new Map<string, number>()
  let timer: NodeJS.Timeout | undefined

  function open() {
    if (!db) {
      db = openCallLogDatabase(file)
      add = db.prepare('INSERT INTO arm_visits (day, experiment, arm, visits) VALUES (?, ?, ?, ?) ON CONFLICT (day, experiment, arm) DO UPDATE SET visits = visits + excluded.visits')
      prune = db.prepare('DELETE FROM arm_visits WHERE day < ?')
      select = db.prepare('SELECT day, experiment, arm, visits FROM arm_visits WHERE day >= ? ORDER BY day DESC, experiment, arm')
    }
    return { add: add!, prune: prune!, select: select! }
  }

  function flush() {
    if (timer) clearTimeout(timer)
    timer = undefined
    if (pending.size === 0) return
    const entries = [...pending]
    pending.clear()
    const statements = open()
    for (const [key, visits] of entries) {
      const [day, experiment, arm] = JSON.parse(key) as [string, string, string]
      statements.add.run(day, experiment, arm, visits)
    }
    statements.prune.run(new Date(Date.now() - KEEP_DAYS * 86_400_000).toISOString().slice(0, 10))
  }

  function safeFlush() {
    try {
      flush()
    } catch (error) {
      console.error(`[arm visits] not recorded: ${error instanceof Error ? error.message : String(error)}`)
    }
  }

  return {
    record(experiment, arm, now = new Date()) {
      const cleanExperiment = text(experiment, LIMITS.experiment)
      const cleanArm = text(arm, LIMITS.arm)
      if (!cleanExperiment || !cleanArm) return
      const key = JSON.stringify([now.toISOString().slice(0, 10), cleanExperiment, cleanArm])
      pending.set(key, (pending.get(key) ?? 0) + 1)
      if (pending.size >= MAX_PENDING) return safeFlush()
      if (!timer) {
        timer = setTimeout(safeFlush, flushMs)
        timer.unref()
      }
    },
    flush,
    totals(sinceDay = '') {
      flush()
      return open()
        .select.all(sinceDay)
        .map((entry) => ({ day: String(entry.day), experiment: String(entry.experiment), arm: String(entry.arm), visits: Number(entry.visits) }))
    },
    close() {
      safeFlush()
      db?.close()
      db = undefined
    },
  }
}

let configured: ArmVisitCounter | undefined

/** The counter beside the configured call log file (CALL_LOG_FILE, default .data/calls.sqlite). */
export function configuredArmVisits(): ArmVisitCounter {
  configured ??= sqliteArmVisits(callLogFile())
  return configured
}

/**
 * Counts one visitor assigned `arm` of `experiment`. Call it once per visitor, when the arm is first
 * assigned (the arm cookie is set), not on every page view. Cheap (a Map increment), never throws.
 */
export function recordArmVisit(experiment: string, arm: string): void {
  try {
    configuredArmVisits().record(experiment, arm)
  } catch (error) {
    console.error(`[arm visits] not counted: ${error instanceof Error ? error.message : String(error)}`)
  }
}
