import type { PersonalizedRoute } from '../lib/personalization/variant.ts'
import type { RouteLookup } from './pageCache.ts'

/**
 * The front's copy of which pages read ad inputs, run an A/B test or show tracking numbers: read from the
 * content (web/content/pageShapes.ts, the module the request hook's list runs too), never learned from
 * Next's answers. Read at start, again every refreshMs and when a test's start or stop comes, and at once
 * after a publish; until that read is done the list is not known (get() is undefined) and the front passes
 * page requests to Next, whose own list the publish webhook reloaded before answering.
 */
export interface LoadedShapes {
  routes: readonly PersonalizedRoute[]
  /** When a test starts or stops next (ms since the epoch): the list is read again then. */
  nextChange?: number
}

export class PageShapes implements RouteLookup {
  readonly #load: () => Promise<LoadedShapes>
  readonly #refreshMs: number
  readonly #log: (line: string) => void
  #routes: Map<string, PersonalizedRoute> | undefined
  /** The last list read, kept when a read fails. */
  #last: Map<string, PersonalizedRoute> | undefined
  #reads = 0
  #interval: NodeJS.Timeout | undefined
  #change: NodeJS.Timeout | undefined

  constructor(
    load: () => Promise<LoadedShapes>,
    { refreshMs = 30_000, log = console.warn, initial }: { refreshMs?: number; log?: (line: string) => void; initial?: readonly PersonalizedRoute[] } = {},
  ) {
    this.#load = load
    this.#refreshMs = refreshMs
    this.#log = log
    if (initial) this.#routes = this.#last = new Map(initial.map((route) => [route.path, route]))
  }

  /** The page's shape; null for a plain page; undefined while the list is not known. */
  get(path: string): PersonalizedRoute | null | undefined {
    return this.#routes ? (this.#routes.get(path) ?? null) : undefined
  }

  get known(): boolean {
    return this.#routes !== undefined
  }

  /** Reads the content again (the last list answers meanwhile); only the latest read started is kept. */
  async refresh(): Promise<void> {
    const read = ++this.#reads
    try {
      const { routes, nextChange } = await this.#load()
      if (read !== this.#reads) return
      this.#routes = this.#last = new Map(routes.map((route) => [route.path, route]))
      this.#scheduleChange(nextChange)
    } catch (error) {
      if (read !== this.#reads) return
      this.#log(`[front] could not read which pages run tests: ${(error as Error).message}`)
      this.#routes = this.#last
    }
  }

  /** After a publish: not known until the content is read again. */
  forget(): Promise<void> {
    this.#routes = undefined
    return this.refresh()
  }

  /** Reads now and every refreshMs (the timers do not keep the process alive). */
  start(): Promise<void> {
    this.#interval ??= setInterval(() => void this.refresh(), this.#refreshMs)
    this.#interval.unref()
    return this.refresh()
  }

  stop(): void {
    clearInterval(this.#interval)
    clearTimeout(this.#change)
    this.#interval = this.#change = undefined
  }

  #scheduleChange(nextChange: number | undefined) {
    clearTimeout(this.#change)
    this.#change = undefined
    if (nextChange === undefined) return
    const wait = nextChange - Date.now()
    if (wait > this.#refreshMs) return
    this.#change = setTimeout(() => void this.refresh(), Math.max(0, wait) + 1)
    this.#change.unref()
  }
}

/** A fixed list (tests, benches): known from the start. */
export function fixedPageShapes(routes: readonly PersonalizedRoute[]): PageShapes {
  return new PageShapes(async () => ({ routes }), { initial: routes })
}
