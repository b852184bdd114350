import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

/**
 * A resource only one test file may hold at a time (two files run at once): the local Content Lake on
 * the port the production build's Studio talks to (3334) is one. `hold` waits until no other
 * live process holds it (a folder made atomically, with the holder's pid; a dead holder's folder is
 * taken over), and returns the release. The run's order (tests/e2e/sequencer.ts) keeps such files
 * apart, so the wait is rare; it is what makes two of them at once impossible.
 */
export type Exclusive = 'studio-lake'

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

export async function hold(resource: Exclusive, timeoutMs = 600_000): Promise<() => void> {
  const folder = path.join(tmpdir(), `lpe-e2e-exclusive-${resource}`)
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      mkdirSync(folder)
      writeFileSync(path.join(folder, 'pid'), String(process.pid))
      const release = () => rmSync(folder, { recursive: true, force: true })
      process.once('exit', release)
      return release
    } catch {
      let holder = NaN
      try {
        holder = Number(readFileSync(path.join(folder, 'pid'), 'utf8'))
      } catch {
        // Being made or removed this instant.
      }
      if (Number.isInteger(holder) && holder > 0 && !alive(holder)) rmSync(folder, { recursive: true, force: true })
      else if (Date.now() > deadline) throw new Error(`${resource} is still held by process ${holder} after ${timeoutMs / 1000} s`)
      else await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }
}
