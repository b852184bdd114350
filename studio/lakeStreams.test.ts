import { describe, expect, it } from 'vitest'
import { isLakeStream, quietestHost, spreadStreams, STREAM_HOSTS, streamUrl } from './lakeStreams'

const LAKE = 'localhost:3334'
const listen = (n: number) => `http://offline0.localhost:3334/v2025-02-19/data/listen/production?query=*[_id=="${n}"]`

/** A stand-in for the window's fetch: every stream stays open until the test ends it; records the addresses asked. */
function fakeFetch() {
  const asked: string[] = []
  const ends: (() => void)[] = []
  const fetchOnce = async (input: RequestInfo | URL) => {
    asked.push(String(input))
    let end = () => {}
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('event: welcome\ndata: {}\n\n'))
        end = () => controller.close()
      },
    })
    ends.push(() => end())
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } })
  }
  return { fetchOnce: fetchOnce as typeof fetch, asked, ends }
}

describe('which requests are the lake’s event streams', () => {
  it('takes the listener and the Live Content API, on the lake’s host and its project’s', () => {
    expect(isLakeStream(new URL(listen(1)), LAKE)).toBe(true)
    expect(isLakeStream(new URL('http://localhost:3334/v2025-06-01/data/live/events/production'), LAKE)).toBe(true)
    expect(isLakeStream(new URL('http://offline0.localhost:3334/v2025-02-19/data/query/production?query=*'), LAKE)).toBe(false)
    expect(isLakeStream(new URL('http://offline0.localhost:3334/v2025-02-19/data/doc/production/page-home'), LAKE)).toBe(false)
    expect(isLakeStream(new URL('http://localhost:3000/v1/data/listen/production'), LAKE)).toBe(false)
    expect(isLakeStream(new URL('http://evil-localhost:3334/v1/data/listen/production'), LAKE)).toBe(false)
  })

  it('moves a stream to host name n of the lake’s, path and query kept', () => {
    expect(streamUrl(new URL(listen(1)), 3).href).toBe(new URL(listen(1).replace('offline0.localhost', 'l3.offline0.localhost')).href)
    expect(quietestHost([2, 1, 1, 3])).toBe(1)
    expect(quietestHost(new Array<number>(STREAM_HOSTS).fill(0))).toBe(0)
  })
})

describe('spreadStreams', () => {
  it('never puts more streams on one host name than the browser’s six, for 20 streams open at once', async () => {
    const { fetchOnce, asked } = fakeFetch()
    const spread = spreadStreams(fetchOnce, LAKE)
    await Promise.all(Array.from({ length: 20 }, (_, n) => spread(listen(n))))
    const perHost = new Map<string, number>()
    for (const address of asked) perHost.set(new URL(address).host, (perHost.get(new URL(address).host) ?? 0) + 1)
    expect(Math.max(...perHost.values())).toBe(2)
    expect(perHost.has('offline0.localhost:3334')).toBe(false)
  })

  it('leaves every other request on the lake’s own host name, unchanged', async () => {
    const { fetchOnce, asked } = fakeFetch()
    const spread = spreadStreams(fetchOnce, LAKE)
    const query = 'http://offline0.localhost:3334/v2025-02-19/data/query/production?query=*'
    await spread(query)
    await spread('http://localhost:3000/api/calls/report')
    // A relative address (the Calls tool asks the site that serves the Studio) goes through as it is.
    await spread('/api/calls/report', { headers: { authorization: 'Bearer x' } })
    expect(asked).toEqual([query, 'http://localhost:3000/api/calls/report', '/api/calls/report'])
  })

  it('counts a stream open until it ends, is aborted or is cancelled, so the next one takes its host name again', async () => {
    const { fetchOnce, asked, ends } = fakeFetch()
    const open = new Array<number>(STREAM_HOSTS).fill(0)
    const spread = spreadStreams(fetchOnce, LAKE, open)
    // Ended by the lake: read to its end.
    const first = await spread(listen(1))
    ends[0]!()
    await first.text()
    expect(open.reduce((sum, count) => sum + count, 0)).toBe(0)
    // Aborted by the client (the EventSource closed).
    const abort = new AbortController()
    await spread(listen(2), { signal: abort.signal })
    expect(open[0]).toBe(1)
    abort.abort()
    expect(open[0]).toBe(0)
    // Cancelled by its reader.
    const third = await spread(listen(3))
    await third.body!.cancel()
    expect(open[0]).toBe(0)
    expect(asked.map((address) => new URL(address).hostname)).toEqual(['l0.offline0.localhost', 'l0.offline0.localhost', 'l0.offline0.localhost'])
  })

  it('passes the stream through whole: status, headers and every event', async () => {
    const { fetchOnce, ends } = fakeFetch()
    const response = await spreadStreams(fetchOnce, LAKE)(listen(1))
    ends[0]!()
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/event-stream')
    expect(await response.text()).toBe('event: welcome\ndata: {}\n\n')
  })
})
