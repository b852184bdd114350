import { randomUUID } from 'node:crypto'
import type { ExperimentVisitors, ServedVersion } from './experimentVisitors.ts'
import type { Outbox } from '../db/outbox.ts'
import type { CallLog } from './store.ts'
import type { CallTap } from './tap.ts'

/**
 * Nothing the server acknowledged is lost: every tap, "kept its version" beacon and bot exclusion is
 * written to the store of record, or, while the store cannot be reached, kept in the local outbox and
 * written when it answers again (a tap carries a key, so one written twice is stored once).
 * - After a failed write the store is left alone for RETRY_MS: the next numbers go straight to the
 *   outbox, so an outage costs a request one failed attempt at most, not a connect timeout each.
 * - A full outbox refuses: counted, logged, and the caller answers without acknowledging a tap.
 */
export type RecordJob =
  | { kind: 'tap'; key: string; tap: CallTap; served?: ServedVersion }
  | { kind: 'seen'; served: ServedVersion; at: string }
  | { kind: 'bot'; experiment: string; at: string }

export interface RecorderStats {
  /** Numbers waiting in the outbox. */
  queued: number
  /** Numbers a full outbox turned away since this process started. */
  refused: number
  /** Numbers written from the outbox since this process started. */
  replayed: number
}

export interface Recorder {
  /** True when stored or queued (the caller may acknowledge it), false when refused. */
  tap(tap: CallTap, served?: ServedVersion): Promise<boolean>
  seen(served: ServedVersion, now?: Date): Promise<boolean>
  botExcluded(experiment: string, now?: Date): Promise<boolean>
  /** Writes what the outbox holds now (the timer does this every RETRY_MS while it holds anything). */
  drain(): Promise<void>
  stats(): RecorderStats
  close(): void
}

export const RETRY_MS = 1_000
const WRITE_TIMEOUT_MS = 3_000
const BATCH = 200

export interface RecorderParts {
  log: CallLog
  visitors: ExperimentVisitors
  outbox: Outbox<RecordJob>
  retryMs?: number
  warn?: (message: string) => void
}

export function recorder({ log, visitors, outbox, retryMs = RETRY_MS, warn: report = console.error }: RecorderParts): Recorder {
  let downUntil = 0
  let refused = 0
  let replayed = 0
  let timer: NodeJS.Timeout | undefined
  let draining: Promise<void> | undefined

  async function apply(job: RecordJob): Promise<void> {
    if (job.kind === 'tap') {
      await log.record(job.tap, job.key)
      if (job.served) await visitors.tapped(job.served, new Date(job.tap.at))
    } else if (job.kind === 'seen') await visitors.seen(job.served, new Date(job.at))
    else await visitors.botExcluded(job.experiment, new Date(job.at))
  }

  function withTimeout(work: Promise<void>): Promise<void> {
    let timeout: NodeJS.Timeout | undefined
    const limit = new Promise<never>((_, reject) => {
      timeout = setTimeout(() => reject(new Error(`no answer within ${WRITE_TIMEOUT_MS} ms`)), WRITE_TIMEOUT_MS)
    })
    return Promise.race([work, limit]).finally(() => clearTimeout(timeout))
  }

  function schedule() {
    if (timer) return
    timer = setInterval(() => void drain(), retryMs)
    timer.unref()
  }

  function queue(job: RecordJob): boolean {
    if (outbox.add(job)) {
      schedule()
      return true
    }
    refused++
    if (refused === 1 || refused % 100 === 0) report(`[numbers] outbox full: ${refused} refused so far (a ${job.kind} now)`)
    return false
  }

  async function record(job: RecordJob): Promise<boolean> {
    if (Date.now() < downUntil) return queue(job)
    try {
      await withTimeout(apply(job))
      return true
    } catch (error) {
      downUntil = Date.now() + retryMs
      report(`[numbers] store unreachable, queued locally: ${error instanceof Error ? error.message : String(error)}`)
      return queue(job)
    }
  }

  async function drainOnce(): Promise<void> {
    for (;;) {
      const batch = outbox.take(BATCH)
      if (batch.length === 0) {
        if (timer) clearInterval(timer)
        timer = undefined
        return
      }
      const written: number[] = []
      try {
        for (const { id, job } of batch) {
          await withTimeout(apply(job))
          written.push(id)
        }
      } catch (error) {
        downUntil = Date.now() + retryMs
        outbox.done(written)
        replayed += written.length
        outbox.release(batch.map(({ id }) => id).filter((id) => !written.includes(id)))
        throw error
      }
      outbox.done(written)
      replayed += written.length
      downUntil = 0
    }
  }

  function drain(): Promise<void> {
    draining ??= drainOnce()
      .catch(() => {
        // Still unreachable: the timer tries again.
        schedule()
      })
      .finally(() => {
        draining = undefined
      })
    return draining
  }

  // Numbers left from an earlier run (an outage, then a restart) are written as soon as possible.
  try {
    if (outbox.size() > 0) schedule()
  } catch (error) {
    report(`[numbers] outbox unreadable: ${error instanceof Error ? error.message : String(error)}`)
  }

  return {
    tap: (tap, served) => record({ kind: 'tap', key: randomUUID(), tap, ...(served ? { served } : {}) }),
    seen: (served, now = new Date()) => record({ kind: 'seen', served, at: now.toISOString() }),
    botExcluded: (experiment, now = new Date()) => record({ kind: 'bot', experiment, at: now.toISOString() }),
    drain,
    stats: () => ({ queued: outbox.size(), refused, replayed }),
    close() {
      if (timer) clearInterval(timer)
      timer = undefined
      outbox.close()
    },
  }
}
