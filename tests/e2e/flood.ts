import autocannon from 'autocannon'

/**
 * A render flood and a client measuring alongside it, shared by tests/e2e/overload.e2e.ts and
 * bench/hostile.ts: `connections` keep-alive connections each asking for a new keyword on every
 * request (each one a fresh render, were it admitted), while the measuring client asks one path at a
 * time and times each answer.
 */
export interface FloodResult {
  requests: number
  /** Answers that were the plain page (the admission control's fallback), not the keyword's variant. */
  plain: number
  personalized: number
  /** Non-2xx answers and connection errors or timeouts. */
  failed: number
}

/** Letters, not digits: a run of 7+ digits in a keyword is dropped as a phone number (keyword.ts). */
const letters = (digits: string) => [...digits].map((digit) => 'abcdefghjk'[Number(digit)]).join('')
let sequence = 0
/** A keyword never asked before, and the headline it becomes. */
export function freshKeyword(): { query: string; title: string } {
  const word = letters(`${Date.now() % 1_000_000_000}${++sequence}`)
  return { query: `flood+${word}`, title: `Flood ${word[0]!.toUpperCase()}${word.slice(1)}` }
}

export async function freshKeywordFlood(base: string, { connections, seconds }: { connections: number; seconds: number }): Promise<FloodResult> {
  let plain = 0
  let personalized = 0
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    timeout: 20,
    requests: [
      {
        setupRequest: (request, context: { title?: string }) => {
          const keyword = freshKeyword()
          context.title = keyword.title
          return { ...request, path: `/?kw=${keyword.query}` }
        },
        onResponse: (status, body, context: { title?: string }) => {
          if (status !== 200) return
          if (body.includes(context.title ?? '\u0000')) personalized++
          else plain++
        },
      },
    ],
  })
  return { requests: result.requests.total, plain, personalized, failed: result.non2xx + result.errors + result.timeouts }
}

export interface Measured {
  times: number[]
  failures: string[]
}

/** Asks `path()` one request at a time until `until` settles, timing each; a failure is any non-200 answer or error. */
export async function measureWhile(base: string, path: () => string, until: Promise<unknown>, timeoutMs = 20_000): Promise<Measured> {
  let done = false
  void until.finally(() => (done = true))
  const measured: Measured = { times: [], failures: [] }
  while (!done) {
    const started = performance.now()
    const target = path()
    try {
      const response = await fetch(base + target, { signal: AbortSignal.timeout(timeoutMs) })
      await response.arrayBuffer()
      if (response.status !== 200) measured.failures.push(`${target}: ${response.status}`)
    } catch (error) {
      measured.failures.push(`${target}: ${(error as Error).message}`)
    }
    measured.times.push(performance.now() - started)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return measured
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) / 10
}
