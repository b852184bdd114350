/**
 * The Studio's event streams on the local Content Lake, spread over host names of their own.
 *
 * The Studio keeps a server-sent event stream open per document, list, preview and live query (measured in
 * Chromium on the lake: 9 with a document open, 16 in Presentation). Over HTTP/1.1 a browser opens at most 6
 * connections to one host name and queues the rest, so on one host the Studio's next request would wait behind
 * streams that never end. Sanity's own API answers over HTTP/2, which browsers speak only over TLS, and a
 * certificate made on this machine makes the browser warn. Instead, every stream to the lake goes to a host name of its own
 * kind: `l<n>.<the lake's host>`, the one with the fewest streams open. Every `*.localhost` name is this machine
 * (browsers resolve them to loopback without asking a DNS server), the lake answers on any host name, and the
 * Studio's ordinary requests keep the lake's own name with its six connections to themselves.
 *
 * The Sanity client opens its streams with `fetch` (the `eventsource` package, given the global fetch at each
 * connection), so the hook is the window's fetch; hand-written, as no library spreads streams over host names.
 */

/** How many host names the streams are spread over: four streams each before one holds six, for 64 streams. */
export const STREAM_HOSTS = 16

/** The Content Lake's event streams: the listener (`data/listen`) and the Live Content API (`data/live/events`). */
const STREAM_PATH = /^\/v[^/]+\/data\/(?:listen|live\/events)\//

/** Whether `url` is one of the lake's event streams: on the lake's host name (`localhost:3334`) or its project's. */
export function isLakeStream(url: URL, lakeHost: string): boolean {
  return (url.host === lakeHost || url.host.endsWith(`.${lakeHost}`)) && STREAM_PATH.test(url.pathname)
}

/** The host name a new stream takes: the one with the fewest streams open, the first of equals. */
export function quietestHost(open: readonly number[]): number {
  let quietest = 0
  for (let index = 1; index < open.length; index++) if (open[index]! < open[quietest]!) quietest = index
  return quietest
}

/** The stream's address on host name `index`: `l<index>.` before the host name it was asked of. */
export function streamUrl(url: URL, index: number): URL {
  const moved = new URL(url)
  moved.hostname = `l${index}.${url.hostname}`
  return moved
}

type Fetch = typeof fetch

/**
 * A fetch that sends the lake's event streams to their host names and counts each one open until its answer
 * ends, fails or is aborted; any other request goes through unchanged.
 */
export function spreadStreams(fetchOnce: Fetch, lakeHost: string, open: number[] = new Array<number>(STREAM_HOSTS).fill(0)): Fetch {
  return async (input, init) => {
    // Only an absolute address can be the lake's (the Studio's own requests to the site are relative).
    const url = typeof input === 'string' || input instanceof URL ? URL.parse(input) : null
    if (!url || !isLakeStream(url, lakeHost)) return fetchOnce(input, init)
    const index = quietestHost(open)
    open[index] = open[index]! + 1
    let closed = false
    const close = () => {
      if (!closed) open[index] = open[index]! - 1
      closed = true
    }
    init?.signal?.addEventListener('abort', close, { once: true })
    let response: Response
    try {
      response = await fetchOnce(streamUrl(url, index).href, init)
    } catch (error) {
      close()
      throw error
    }
    if (!response.body) {
      close()
      return response
    }
    const reader = response.body.getReader()
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const { done, value } = await reader.read()
          if (done) {
            close()
            controller.close()
          } else controller.enqueue(value)
        } catch (error) {
          close()
          controller.error(error)
        }
      },
      cancel(reason) {
        close()
        return reader.cancel(reason)
      },
    })
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers })
  }
}

/** In the Studio's window, on the local lake at `apiHost` (`http://localhost:3334`): its streams spread from now on. */
export function spreadLakeStreams(apiHost: string): void {
  // The Sanity CLI reads this config in a window without fetch (schema extraction, validation): nothing to spread there.
  if (typeof window === 'undefined' || typeof window.fetch !== 'function' || new URL(apiHost).protocol !== 'http:') return
  window.fetch = spreadStreams(window.fetch.bind(window), new URL(apiHost).host)
}
