import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { writeVoiceJob, type VoiceJob } from './voiceJobs.ts'

/**
 * Writes the voice webhooks' records (voiceJobs.ts) to the call store one after another, off the caller's
 * path. A job already queued in this process is not queued again (Twilio's retry of a request whose record
 * is still waiting for the store); the store's own check catches retries across processes. At most
 * `maxPending` jobs wait: beyond that the oldest is dropped and said on stderr (a store down for hours must
 * not take the process's memory).
 */
export interface VoiceRecorder {
  enqueue(job: VoiceJob): void
  /** Runs `task` at most once an hour per name, after the jobs queued before it (housekeeping). */
  daily(name: string, now: number, task: (db: Kysely<Database>) => Promise<unknown>): void
  /** Resolves once every queued job has been tried. */
  idle(): Promise<void>
  /** Jobs queued or under way. */
  pending(): number
}

type Task = { key: string; run: (db: Kysely<Database>) => Promise<unknown>; housekeeping?: boolean }

export function voiceRecorder(open: () => Promise<Kysely<Database>>, { maxPending = 10_000, rememberKeys = 20_000, retries = 5, retryMs = 200 } = {}): VoiceRecorder {
  const queue: Task[] = []
  const seen = new Set<string>()
  const lastRun = new Map<string, number>()
  let running: Promise<void> | null = null
  let writing = 0

  async function drain() {
    while (queue.length > 0) {
      const next = queue.shift()!
      writing = 1
      for (let attempt = 1; ; attempt++) {
        try {
          await next.run(await open())
          break
        } catch (error) {
          // A busy or briefly unreachable store: tried again (each write is idempotent), then given up on.
          if (attempt < retries && !next.housekeeping) {
            await new Promise((resolve) => setTimeout(resolve, retryMs * attempt))
            continue
          }
          console.error(`[voice] not recorded (${next.key}): ${error instanceof Error ? error.message : String(error)}`)
          break
        }
      }
      writing = 0
    }
    running = null
  }

  const push = (task: Task) => {
    queue.push(task)
    if (queue.length > maxPending) console.error(`[voice] store not answering: dropped ${queue.shift()!.key}`)
    running ??= drain()
  }

  return {
    enqueue(job) {
      if (seen.has(job.key)) return
      seen.add(job.key)
      if (seen.size > rememberKeys) seen.delete(seen.values().next().value!)
      push({ key: job.key, run: (db) => writeVoiceJob(db, job) })
    },
    daily(name, now, task) {
      if (now - (lastRun.get(name) ?? 0) < 3_600_000) return
      lastRun.set(name, now)
      push({ key: `daily:${name}`, run: task, housekeeping: true })
    },
    async idle() {
      while (running) await running
    },
    pending: () => queue.length + writing,
  }
}
