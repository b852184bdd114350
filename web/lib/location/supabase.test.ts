import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { refusedPort, startPostgrest, type PostgrestStandIn } from '../../../tests/support/postgrest'
import { createLocationResolver } from './resolver'
import { createSupabaseLookup } from './supabase'

/** The real supabase-js client against a loopback PostgREST: the request it sends and every failure mode. */
let rest: PostgrestStandIn
const anonKey = 'test-anon-key'

beforeAll(async () => {
  rest = await startPostgrest({ '1026339': 'Dallas, TX' })
})

afterAll(() => rest?.close())

async function timed<T>(work: Promise<T>): Promise<{ value: T | Error; ms: number }> {
  const started = performance.now()
  const value = await work.catch((error: Error) => error)
  return { value, ms: performance.now() - started }
}

describe('Supabase location lookup', () => {
  it('sends the select on location_data with the anon key, and reads the one row', async () => {
    rest.mode = 'ok'
    const lookup = createSupabaseLookup({ url: rest.url, anonKey })
    expect(await lookup('1026339')).toBe('Dallas, TX')
    const request = rest.requests.at(-1)!
    expect(request.path).toBe('/rest/v1/location_data?select=city_stateabbr&location_code=eq.1026339')
    expect(request.headers.apikey).toBe(anonKey)
    expect(request.headers.authorization).toBe(`Bearer ${anonKey}`)
  })

  it('answers null when there is no row', async () => {
    rest.mode = 'ok'
    expect(await createSupabaseLookup({ url: rest.url, anonKey })('5')).toBeNull()
  })

  it('fails on HTTP 500 without retrying', async () => {
    rest.mode = 'error500'
    const before = rest.requests.length
    const { value, ms } = await timed(createSupabaseLookup({ url: rest.url, anonKey })('1026339'))
    expect(value).toBeInstanceOf(Error)
    expect(rest.requests.length - before).toBe(1)
    expect(ms).toBeLessThan(1000)
  })

  it('fails fast when the connection is refused', async () => {
    const port = await refusedPort()
    const { value, ms } = await timed(createSupabaseLookup({ url: `http://127.0.0.1:${port}`, anonKey })('1026339'))
    expect(value).toBeInstanceOf(Error)
    expect(ms).toBeLessThan(1000)
  })

  it('gives up on a server that never answers after the timeout', async () => {
    rest.mode = 'hang'
    const { value, ms } = await timed(createSupabaseLookup({ url: rest.url, anonKey }, 300)('1026339'))
    expect(value).toBeInstanceOf(Error)
    expect(ms).toBeGreaterThanOrEqual(280)
    expect(ms).toBeLessThan(1000)
  })

  it('through the resolver, every failure is "no location" and nothing is thrown', async () => {
    rest.mode = 'hang'
    const logs: string[] = []
    const resolve = createLocationResolver(createSupabaseLookup({ url: rest.url, anonKey }, 300), { log: (line) => logs.push(line) })
    const { value, ms } = await timed(resolve('1026339'))
    expect(value).toBeNull()
    expect(ms).toBeLessThan(1000)
    expect(logs).toHaveLength(1)
  })
})
