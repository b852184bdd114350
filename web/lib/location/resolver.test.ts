import { describe, expect, it } from 'vitest'
import { createLocationResolver } from './resolver'

function countingLookup(answers: Record<string, string | null | Error>, delayMs = 0) {
  const calls: string[] = []
  const lookup = async (code: string) => {
    calls.push(code)
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs))
    const answer = answers[code]
    if (answer instanceof Error) throw answer
    return answer ?? null
  }
  return { calls, lookup }
}

describe('createLocationResolver', () => {
  it('resolves a code to city and state, and asks the backend once per code', async () => {
    const { calls, lookup } = countingLookup({ '1026339': 'Dallas, TX' })
    const resolve = createLocationResolver(lookup)
    expect(await resolve('1026339')).toEqual({ city: 'Dallas', state: 'TX' })
    expect(await resolve('1026339')).toEqual({ city: 'Dallas', state: 'TX' })
    expect(calls).toEqual(['1026339'])
  })

  it('shares one backend request between concurrent first hits', async () => {
    const { calls, lookup } = countingLookup({ '1': 'Austin, TX' }, 20)
    const resolve = createLocationResolver(lookup)
    const results = await Promise.all(Array.from({ length: 50 }, () => resolve('1')))
    expect(new Set(results.map((result) => result?.city))).toEqual(new Set(['Austin']))
    expect(calls).toHaveLength(1)
  })

  it('remembers missing rows too, and asks again after the window', async () => {
    let now = 0
    const { calls, lookup } = countingLookup({})
    const resolve = createLocationResolver(lookup, { ttlMs: 1000, now: () => now })
    expect(await resolve('42')).toBeNull()
    expect(await resolve('42')).toBeNull()
    now = 1001
    expect(await resolve('42')).toBeNull()
    expect(calls).toEqual(['42', '42'])
  })

  it('makes no request for a value that is not a code', async () => {
    const { calls, lookup } = countingLookup({})
    const resolve = createLocationResolver(lookup)
    for (const value of ['', 'abc', '12;drop', undefined, null]) expect(await resolve(value)).toBeNull()
    expect(calls).toEqual([])
  })

  it('treats a failure as no location, logs it once, and retries only after the error window', async () => {
    let now = 0
    const logs: string[] = []
    const { calls, lookup } = countingLookup({ '7': new Error('fetch failed') })
    const resolve = createLocationResolver(lookup, { errorTtlMs: 100, now: () => now, log: (line) => logs.push(line) })
    expect(await resolve('7')).toBeNull()
    expect(await resolve('7')).toBeNull()
    expect(logs).toHaveLength(1)
    expect(logs[0]).toContain('fetch failed')
    now = 101
    await resolve('7')
    expect(calls).toHaveLength(2)
  })

  it('drops a malformed label as no location', async () => {
    const { lookup } = countingLookup({ '9': 'Somewhere' })
    expect(await createLocationResolver(lookup)('9')).toBeNull()
  })

  it('keeps at most maxEntries codes, dropping the least recently used', async () => {
    const { calls, lookup } = countingLookup({ '1': 'A, TX', '2': 'B, TX', '3': 'C, TX' })
    const resolve = createLocationResolver(lookup, { maxEntries: 2 })
    await resolve('1')
    await resolve('2')
    await resolve('1')
    await resolve('3')
    await resolve('1')
    await resolve('2')
    expect(calls).toEqual(['1', '2', '3', '2'])
  })
})
