import type { DatabaseSync, StatementSync } from 'node:sqlite'
import { openSqliteFile } from './sqlite.ts'

/**
 * A small durable queue on the local disk: what the server accepted while the store of record was
 * unreachable waits here (a SQLite file; it survives a restart) until it is written. Bounded by
 * maxRows; a full queue refuses. Several processes may share the file: a batch is leased to one of
 * them for LEASE_MS, so two never write the same rows at once, and rows of a process that died are
 * taken over once its lease runs out. It holds no numbers of its own, so it is plain node:sqlite,
 * not the store's query layer.
 */
export interface Outbox<Job> {
  /** False when the queue is full (or its file cannot be written): the job was not taken. */
  add(job: Job): boolean
  /** Up to `limit` jobs no other process holds, leased to this one. */
  take(limit: number, now?: number): { id: number; job: Job }[]
  /** The jobs are written: gone from the queue. */
  done(ids: readonly number[]): void
  /** The jobs could not be written: back in the queue at once. */
  release(ids: readonly number[]): void
  size(): number
  close(): void
}

export const DEFAULT_OUTBOX_ROWS = 100_000
const LEASE_MS = 30_000

export function sqliteOutbox<Job>(file: string, maxRows = DEFAULT_OUTBOX_ROWS): Outbox<Job> {
  let opened: { db: DatabaseSync; statements: Record<'add' | 'span' | 'count' | 'take' | 'done' | 'release', StatementSync> } | undefined
  const open = () => {
    if (opened) return opened
    const db = openSqliteFile(file)
    db.exec('CREATE TABLE IF NOT EXISTS outbox (id INTEGER PRIMARY KEY AUTOINCREMENT, job TEXT NOT NULL, lease_until INTEGER NOT NULL DEFAULT 0)')
    opened = {
      db,
      statements: {
        add: db.prepare('INSERT INTO outbox (job) VALUES (?)'),
        span: db.prepare('SELECT COALESCE(MAX(id) - MIN(id) + 1, 0) AS span FROM outbox'),
        count: db.prepare('SELECT COUNT(*) AS count FROM outbox'),
        take: db.prepare('UPDATE outbox SET lease_until = ? WHERE id IN (SELECT id FROM outbox WHERE lease_until < ? ORDER BY id LIMIT ?) RETURNING id, job'),
        done: db.prepare('DELETE FROM outbox WHERE id = ?'),
        release: db.prepare('UPDATE outbox SET lease_until = 0 WHERE id = ?'),
      },
    }
    return opened
  }
  return {
    add(job) {
      try {
        const { statements } = open()
        // The id span bounds the row count from above at no cost; the exact count is read only near the limit.
        if (Number(statements.span.get()!.span) >= maxRows && Number(statements.count.get()!.count) >= maxRows) return false
        statements.add.run(JSON.stringify(job))
        return true
      } catch (error) {
        console.error(`[outbox] could not queue: ${error instanceof Error ? error.message : String(error)}`)
        return false
      }
    },
    take(limit, now = Date.now()) {
      const rows = open().statements.take.all(now + LEASE_MS, now, limit)
      return rows.map((row) => ({ id: Number(row.id), job: JSON.parse(String(row.job)) as Job })).sort((a, b) => a.id - b.id)
    },
    done(ids) {
      const { db, statements } = open()
      db.exec('BEGIN')
      try {
        for (const id of ids) statements.done.run(id)
        db.exec('COMMIT')
      } catch (error) {
        db.exec('ROLLBACK')
        throw error
      }
    },
    release(ids) {
      for (const id of ids) open().statements.release.run(id)
    },
    size: () => Number(open().statements.count.get()!.count),
    close() {
      opened?.db.close()
      opened = undefined
    },
  }
}
