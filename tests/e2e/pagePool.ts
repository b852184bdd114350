import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { launchBrowser } from './browser'

/**
 * Pages kept open between measurements, each in a browser context of its own, so a file that loads
 * many pages pays for a page once and for the site's static files (scripts, styles, fonts) once per
 * context, from its HTTP cache, instead of once per page. Every use starts as a first visit: the
 * context's cookies are cleared, every document starts with empty web storage (the call tracker keeps a
 * leased number in sessionStorage), and the viewport is set before the page is loaded.
 */
export class PagePool {
  private readonly idle: Page[] = []
  private readonly all: Page[] = []

  constructor(private readonly browser: () => Browser) {}

  /** Runs `run` on a pooled page at `viewport` (its cookies cleared), then returns the page to the pool. */
  async with<T>(viewport: { width: number; height: number }, run: (page: Page) => Promise<T>): Promise<T> {
    let page = this.idle.pop()
    if (!page) {
      const context = await this.browser().newContext({ viewport })
      await context.addInitScript(() => {
        try {
          sessionStorage.clear()
          localStorage.clear()
        } catch {
          // about:blank has no storage.
        }
      })
      page = await context.newPage()
      this.all.push(page)
    }
    try {
      await page.context().clearCookies()
      await page.setViewportSize(viewport)
      return await run(page)
    } finally {
      // A page left on a site page keeps running its scripts: it waits on a blank one.
      await page.goto('about:blank').catch(() => undefined)
      this.idle.push(page)
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.all.map((page) => page.context().close().catch(() => undefined)))
    this.all.length = 0
    this.idle.length = 0
  }
}

/** Runs the jobs with at most `limit` at once, the results in the jobs' order. */
export async function inParallel<T>(jobs: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(jobs.length)
  let next = 0
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < jobs.length) {
        const index = next++
        results[index] = await jobs[index]!()
      }
    }),
  )
  return results
}

/** A file's pool on one browser of its own, launched before the file's tests and closed after them. */
export function pagePoolForFile(): PagePool {
  let browser: Browser | undefined
  const pool = new PagePool(() => browser!)
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await pool.close()
    await browser?.close()
  })
  return pool
}
