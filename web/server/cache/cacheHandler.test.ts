import { beforeAll, describe, expect, it } from 'vitest'
import type SiteCacheHandlerType from './cacheHandler.ts'

type Handler = InstanceType<typeof SiteCacheHandlerType>
let handler: Handler

beforeAll(async () => {
  // The local cache is made once per process, on first use, with this cap.
  process.env.SITE_CACHE_MAX_MB = '1'
  delete process.env.REDIS_URL
  const { default: SiteCacheHandler } = await import('./cacheHandler.ts')
  handler = new SiteCacheHandler({ revalidatedTags: [], _requestHeaders: {} })
})

const page = (html: string) => ({ kind: 'APP_PAGE', html, rscData: Buffer.from('rsc'), headers: {}, status: 200, postponed: undefined, segmentData: undefined }) as never
const context = { kind: 'APP_PAGE', isRoutePPREnabled: false, isFallback: false } as never
const setContext = { cacheControl: { revalidate: false, expire: undefined } } as never

describe('the local cache (no REDIS_URL)', () => {
  it('returns what was stored, with its lifetime', async () => {
    await handler.set('/route-cache/APP_PAGE/x/$/ants', page('<h1>Ants</h1>'), setContext)
    const entry = await handler.get('/route-cache/APP_PAGE/x/$/ants', context)
    expect(entry?.value).toMatchObject({ kind: 'APP_PAGE', html: '<h1>Ants</h1>', rscData: Buffer.from('rsc') })
    expect(entry?.cacheControl).toEqual({ revalidate: false })
  })

  it('stays within its byte cap, least recently used out', async () => {
    const html = 'x'.repeat(100 * 1024)
    await handler.set('/kept', page(html), setContext)
    for (let index = 0; index < 30; index++) {
      await handler.get('/kept', context)
      await handler.set(`/variant-${index}`, page(html), setContext)
    }
    expect(await handler.get('/variant-0', context)).toBeNull()
    expect(await handler.get('/variant-29', context)).not.toBeNull()
    expect(await handler.get('/kept', context)).not.toBeNull()
  })

  it('misses what it never stored (no build folder to read from here)', async () => {
    expect(await handler.get('/never', context)).toBeNull()
  })
})
