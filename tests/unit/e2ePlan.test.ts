import { describe, expect, it } from 'vitest'
import { plan } from '../e2e/sequencer'

/** Plays a plan through: two workers taking the next file whenever one is free; a file holding a resource waits for it. */
function play(order: ReturnType<typeof plan>, workers: number) {
  const freeAt = Array.from({ length: workers }, () => 0)
  const held = new Map<string, number>()
  const runs: { name: string; start: number; end: number; waited: number }[] = []
  for (const file of order) {
    const now = Math.min(...freeAt)
    const worker = freeAt.indexOf(now)
    const start = file.apart ? Math.max(now, held.get(file.apart) ?? 0) : now
    freeAt[worker] = start + file.seconds
    if (file.apart) held.set(file.apart, freeAt[worker]!)
    runs.push({ name: file.name, start, end: freeAt[worker]!, waited: start - now })
  }
  return { runs, end: Math.max(...freeAt) }
}

describe('the order of the browser files', () => {
  const files = [
    { name: 'studio', seconds: 100, apart: 'studio' },
    { name: 'editor', seconds: 80, apart: 'studio' },
    { name: 'pace', seconds: 60 },
    { name: 'routes', seconds: 50 },
    { name: 'a', seconds: 30 },
    { name: 'b', seconds: 30 },
    { name: 'c', seconds: 20 },
  ]

  it('starts the longest first and keeps two files that hold one resource from waiting on each other', () => {
    const order = plan(files, 2)
    expect(order[0]!.name).toBe('studio')
    expect(order.map((file) => file.name).sort()).toEqual(files.map((file) => file.name).sort())
    const { runs, end } = play(order, 2)
    const studio = runs.find((run) => run.name === 'studio')!
    const editor = runs.find((run) => run.name === 'editor')!
    expect(editor.start).toBeGreaterThanOrEqual(studio.end)
    // No worker waited for the lake: each file started the moment its worker was free.
    expect(runs.filter((run) => run.waited > 0)).toEqual([])
    expect(end).toBeLessThanOrEqual(190)
  })

  it('runs one after another on one worker, in the same longest-first order', () => {
    expect(plan(files, 1).map((file) => file.name)).toEqual(['studio', 'editor', 'pace', 'routes', 'a', 'b', 'c'])
  })
})
