import type { Kysely } from 'kysely'
import type { Outbox } from '../../db/outbox.ts'
import type { Database } from '../../db/schema.ts'
import { writeVoiceJob, type VoiceJob } from './voiceJobs.ts'

/**
 * Writes the voice webhooks' records (voiceJobs.ts) to the call store one after another, off the caller's
 * path: the TwiML never waits for it. Nothing acknowledged is lost: a job the store does not take (down,
 * read-only, no answer within WRITE_TIMEOUT_MS) goes to the durable local outbox (db/outbox.ts, the one taps
 * use, a file of its own) and is written from there every `retryMs` until the store takes it, across
 * restarts. After a failure the store is left alone for `retryMs`: the next jobs go straight to the outbox,
 * so an outage costs one failed attempt, not a timeout per call. Every writer is idempotent per job key
 * (endpoint and CallSid: voice_webhooks), so a job written twice — a timed-out write that landed after all,
 * Twilio's retry — is stored once. A job already queued in this process is not queued again.
 * Without an outbox (or when it refuses: full, unwritable) a job is tried `retries` times in memory and at
 * most `maxPending` wait there (a store down for hours must not take the process's memory).
 */
export interface VoiceRecorder {
  enqueue(job: VoiceJob): void
  /** Runs `task` at most once an hour per name, after the jobs queued before it (housekeeping). */
  daily(name: string, now: number, task: (db: Kysely<Database>) => Promise<unknown>): void
  /** Resolves once every job queued in memory has been written or put in the outbox. */
  idle(): Promise<void>
  /** Jobs queued in memory or under way. */
  pending(): number
  /** Writes what the outbox holds now (the timer does this every `retryMs` while it holds anything). */
  drainOutbox(): Promise<void>
  /** Jobs waiting in the outbox for the store. */
  parked(): number
  close(): void
}

export interface VoiceRecorderOptions {
  outbox?: Outbox<VoiceJob>
  maxPending?: number
  rememberKeys?: number
  retries?: number
  retryMs?: number
  writeTimeoutMs?: number
  warn?: (line: string) => void
}

type Task = { key: string; run: (db: Kysely<Database>) => Promise<unknown>; job?: VoiceJob; housekeeping?: boolean }

const WRITE_TIMEOUT_MS = 3_000
const BATCH = 100

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  return Promise.race([work, limit]).finally(() => clearTimeout(timer))
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error))

export function voiceRecorder(open: () => Promise<Kysely<Database>>, options: VoiceRecorderOptions = {}): VoiceRecorder {
  const { outbox, maxPending = 10_000, rememberKeys = 20_000, retries = 5, retryMs = 200, writeTimeoutMs = WRITE_TIMEOUT_MS, warn = console.error } = options
  const queue: Task[] = []
  const seen = new Set<string>()
  const lastRun = new Map<string, number>()
  let running: Promise<void> | null = null
  let writing = 0
  let downUntil = 0
  let timer: NodeJS.Timeout | undefined
  let draining: Promise<void> | undefined

  const write = async (run: Task['run']) => within((async () => run(await open()))(), writeTimeoutMs)

  function schedule() {
    if (timer) return
    timer = setInterval(() => void drainOutbox(), retryMs)
    timer.unref?.()
  }

  /** True when the outbox took the job (it is then as good as written). */
  function park(task: Task): boolean {
    if (!outbox || !task.job || !outbox.add(task.job)) return false
    schedule()
    return true
  }

  async function runTask(task: Task) {
    for (let attempt = 1; ; attempt++) {
      if (Date.now() < downUntil && park(task)) return
      try {
        await write(task.run)
        return
      } catch (error) {
        downUntil = Date.now() + retryMs
        if (park(task)) {
          warn(`[voice] store not taking records, kept locally (${task.key}): ${message(error)}`)
          return
        }
        // No outbox to keep it: a busy or briefly unreachable store is tried again, then given up on.
        if (attempt < retries && !task.housekeeping) {
          await new Promise((resolve) => setTimeout(resolve, retryMs * attempt))
          continue
        }
        warn(`[voice] not recorded (${task.key}): ${message(error)}`)
        return
      }
    }
  }

  async function drain() {
    while (queue.length > 0) {
      const next = queue.shift()!
      writing = 1
      await runTask(next)
      writing = 0
    }
    running = null
  }

  const push = (task: Task) => {
    queue.push(task)
    if (queue.length > maxPending) warn(`[voice] store not answering: dropped ${queue.shift()!.key}`)
    running ??= drain()
  }

  async function drainOnce(): Promise<void> {
    if (!outbox) return
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
          await write((db) => writeVoiceJob(db, job))
          written.push(id)
        }
      } finally {
        outbox.done(written)
        outbox.release(batch.map(({ id }) => id).filter((id) => !written.includes(id)))
      }
      downUntil = 0
    }
  }

  function drainOutbox(): Promise<void> {
    draining ??= drainOnce()
      .catch(() => {
        // Still not taking records: the timer tries again.
        downUntil = Date.now() + retryMs
        schedule()
      })
      .finally(() => {
        draining = undefined
      })
    return draining
  }

  // Records left from an earlier run (an outage, then a restart) are written as soon as possible.
  try {
    if (outbox && outbox.size() > 0) schedule()
  } catch (error) {
    warn(`[voice] outbox unreadable: ${message(error)}`)
  }

  return {
    enqueue(job) {
      if (seen.has(job.key)) return
      seen.add(job.key)
      if (seen.size > rememberKeys) seen.delete(seen.values().next().value!)
      push({ key: job.key, job, run: (db) => writeVoiceJob(db, job) })
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
    drainOutbox,
    parked: () => outbox?.size() ?? 0,
    close() {
      if (timer) clearInterval(timer)
      timer = undefined
      outbox?.close()
    },
  }
}
