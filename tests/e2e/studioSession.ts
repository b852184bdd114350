import type { BrowserContext, ElementHandle, Locator, Page, Request } from 'playwright-core'
import type { LocalLake } from '../../scripts/lake/server.ts'
import { noteRetry } from '../support/retries.ts'

/**
 * Steps on the real Studio that wait for the Studio's own state before acting, so each is done once: a
 * document is loaded when its form takes edits (the Studio marks the form read-only while it fetches the
 * document or reconnects), and in sync when the footer no longer says "Saving..." (its copy of the
 * document has reached the Content Lake). A step that still misses is a failure, never a second try.
 */
export async function until(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const started = Date.now()
  while (Date.now() - started < timeoutMs) {
    if (await check().catch(() => false)) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`)
}

/**
 * Waits until `check` holds at three looks in a row, a quarter second apart: the Studio's settled state, not a
 * moment of it (a save, a validation re-run or a tool mounting again turns it off for a moment).
 */
export async function untilSteady(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  let looks = 0
  await until(what, async () => {
    looks = (await check().catch(() => false)) ? looks + 1 : 0
    return looks >= 3
  }, timeoutMs)
}

/**
 * Chooses a file in a file input once the form has stopped drawing it: the same input element at three looks a quarter
 * second apart (the Studio draws a document's form again while it settles, and a file given to an input it then
 * replaces goes nowhere). Done once; a file not `taken` within `ignoredMs` is chosen again in the input shown then,
 * counted as a retry.
 */
export async function chooseFile(input: Locator, file: { name: string; mimeType: string; buffer: Buffer }, taken: () => boolean, timeoutMs = 30_000, ignoredMs = 8_000): Promise<void> {
  let seen: ElementHandle | null = null
  await untilSteady(
    'the file input is settled',
    async () => {
      const element = await input.elementHandle({ timeout: 1_000 })
      const same = seen !== null && (await element.evaluate((node, previous) => node === previous, seen))
      seen = element
      return same
    },
    timeoutMs,
  )
  await seen!.setInputFiles(file)
  try {
    await until(`${file.name} is taken`, async () => taken(), ignoredMs)
  } catch {
    const replaced = !(await seen!.evaluate((node) => node.isConnected).catch(() => false))
    noteRetry(`${file.name}: not taken within ${ignoredMs / 1000} s (${replaced ? 'the input was replaced after it had stayed the same for ¾ s' : 'the input ignored it'}); chosen again`)
    await input.setInputFiles(file, { timeout: timeoutMs })
    await until(`${file.name} is taken`, async () => taken(), timeoutMs)
  }
}

/** The open document is loaded: its form takes edits. */
export async function documentLoaded(page: Page, timeoutMs = 60_000): Promise<void> {
  await page.locator('[data-testid="form-view"]:not([data-read-only])').first().waitFor({ timeout: timeoutMs })
}

/** The open document is loaded and every edit made in it is saved (the footer does not say "Saving..."). */
export async function documentInSync(page: Page, timeoutMs = 60_000): Promise<void> {
  await documentLoaded(page, timeoutMs)
  // An edit shows "Saving..." from the render after it: not saving at three looks in a row is settled.
  const saving = page.getByTestId('pane-footer').getByText('Saving...').first()
  await untilSteady('the document is saved', async () => !(await saving.isVisible()), timeoutMs)
}

/**
 * What the editor sees in the document's footer (the Publish button, or another given, the status line, toasts): a
 * failure's evidence. Reads what is there now, waiting for nothing (a button not shown reads as "?").
 */
export async function footerState(page: Page, button = page.getByTestId('action-publish')): Promise<string> {
  const now = { timeout: 1_000 }
  const footer = (await page.getByTestId('pane-footer').innerText(now).catch(() => '?')).replace(/\s+/g, ' ').slice(0, 80)
  const toasts = (await page.locator('[data-ui="Toast"]').allInnerTexts().catch(() => [])).map((text) => text.replace(/\s+/g, ' ')).join(' / ')
  return `${(await button.innerText(now).catch(() => '?')).trim()}${(await button.isDisabled(now).catch(() => false)) ? ' (disabled)' : ''} | ${footer}${toasts ? ` | toast: ${toasts}` : ''}`
}

/**
 * What the Studio's Validation panel lists for the open document (it is opened if closed): why Publish is off,
 * as a failure's evidence.
 */
export async function validationProblems(page: Page): Promise<string> {
  const button = page.getByRole('button', { name: 'Validation', exact: true })
  if ((await button.count()) === 0) return '(no Validation button)'
  if ((await button.getAttribute('data-selected')) === null) await button.click().catch(() => undefined)
  await page.waitForTimeout(1000)
  const text = await page.locator('body').innerText()
  const panel = text.lastIndexOf('\nValidation\n')
  return panel === -1 ? '(the panel did not open)' : text.slice(panel + 12, panel + 600).replace(/\s+/g, ' ').trim()
}

/** Each Studio tab's requests not yet answered in full, with when each was sent: a reload's evidence. */
const unansweredOf = new WeakMap<Page, Map<Request, number>>()
/** The requests whose answer has begun (its status and headers are in): an event stream that is streaming, not stalled. */
const headed = new WeakSet<Request>()

/** Sanity's document store's debug lines (`obug`, switched on by localStorage's `debug`): buffered, discarded, duplicate or out-of-sync listener events. */
const DOCUMENT_STORE_DEBUG = 'sanity:document-store'

export async function watchRequests(page: Page): Promise<Page> {
  if (unansweredOf.has(page)) return page
  const open = new Map<Request, number>()
  unansweredOf.set(page, open)
  page.on('request', (request) => open.set(request, Date.now()))
  page.on('response', (response) => headed.add(response.request()))
  const ended = (request: Request) => open.delete(request)
  page.on('requestfinished', ended)
  page.on('requestfailed', ended)
  const said: string[] = []
  saidOf.set(page, said)
  const store: string[] = []
  storeSaidOf.set(page, store)
  await page.addInitScript((namespace) => {
    try {
      localStorage.setItem('debug', namespace)
    } catch {
      // A frame with no storage of its own (about:blank) has nothing to debug.
    }
  }, DOCUMENT_STORE_DEBUG)
  page.on('console', (message) => {
    const text = message.text()
    if (text.includes(DOCUMENT_STORE_DEBUG)) {
      store.push(`${new Date().toISOString().slice(11, 19)} ${text.replace(/%c/g, '').slice(0, 240)}`)
      if (store.length > 12) store.shift()
      return
    }
    if (message.type() !== 'warning' && message.type() !== 'error') return
    said.push(text.slice(0, 200))
    if (said.length > 10) said.shift()
  })
  return page
}

/** Each Studio tab's last console warnings and errors, and its document store's last debug lines. */
const saidOf = new WeakMap<Page, string[]>()
const storeSaidOf = new WeakMap<Page, string[]>()

/** The tab's requests sent over 5 s ago and not answered in full (event streams among them), by host: `host: GET /path 41 s`. */
export function unanswered(page: Page): string {
  const open = unansweredOf.get(page)
  if (!open) return 'requests not watched'
  const now = Date.now()
  const lines = [...open]
    .filter(([, sent]) => now - sent > 5_000)
    .map(([request, sent]) => {
      const url = new URL(request.url())
      const tag = url.searchParams.get('tag')
      return `${url.host}: ${request.method()} ${url.pathname.replace(/^\/v[^/]+/, '')}${tag ? ` [${tag}]` : ''} ${Math.round((now - sent) / 1000)} s${headed.has(request) ? '' : ', no answer begun'}`
    })
    .sort()
  const said = saidOf.get(page) ?? []
  const store = storeSaidOf.get(page) ?? []
  return `${lines.length === 0 ? 'no request unanswered' : `unanswered: ${lines.slice(0, 40).join('; ')}`}; console: ${said.join(' | ') || 'nothing'}; document store: ${store.join(' | ') || 'nothing'}`
}

/**
 * Waits for the Studio's state (`wait`, given how long); when it has not come within `firstMs`, reloads the tab once —
 * what an editor does — and waits again, the reload counted as a retry (tests/support/retries.ts), never hidden.
 * Why: now and then a Studio tab never finishes validating the document it opened (Publish stays off with no problem
 * listed, or on with a problem not yet flagged) while a reload of the same tab settles at once; the cause is open
 * (docs/testing.md, "The Studio that does not settle"). `reloaded`: what the reloaded tab is ready at (a document's form).
 */
export async function settledOrReloaded(
  page: Page,
  what: string,
  wait: (timeoutMs: number) => Promise<unknown>,
  firstMs = 40_000,
  thenMs = 60_000,
  reloaded: (page: Page) => Promise<void> = documentLoaded,
): Promise<void> {
  try {
    await wait(firstMs)
    return
  } catch (error) {
    const said = (error as Error).message.split('; ').slice(0, 2).join('; ')
    noteRetry(`${what}: the Studio had not settled after ${firstMs / 1000} s at ${page.url()} (${said}); reloaded it (${unanswered(page)})`)
  }
  await page.reload({ timeout: 120_000 })
  await reloaded(page)
  await wait(thenMs)
}

/**
 * Waits until the open document's Publish (or another button given) is enabled and stays so at three looks a
 * quarter second apart (a validation or reference check re-run turns it off for a moment, and a click in that
 * moment does nothing); else says what the Studio shows.
 */
export async function publishEnabled(page: Page, button = page.getByTestId('action-publish'), timeoutMs = 60_000): Promise<void> {
  try {
    await settledOrReloaded(page, 'Publish is enabled', (ms) => untilSteady('Publish is enabled', () => button.isEnabled(), ms), Math.min(40_000, timeoutMs), timeoutMs)
  } catch (error) {
    throw new Error(`${(error as Error).message}; footer: ${await footerState(page, button)}; validation: ${await validationProblems(page)}`)
  }
}

/**
 * Publishes the document open in the page: once its draft is on the lake and the Studio has it in sync, and
 * Publish is enabled (it is disabled while validation runs or finds a problem), one click; then the lake has
 * a new published revision and no draft.
 */
export async function publish(page: Page, lake: LocalLake, id: string): Promise<void> {
  const button = page.getByTestId('action-publish')
  const before = lake.store.get(id)?._rev
  const published = () => {
    const revision = lake.store.get(id)?._rev
    return revision !== undefined && revision !== before && lake.store.get(`drafts.${id}`) === null
  }
  await until(`the draft of ${id} is on the lake`, async () => lake.store.get(`drafts.${id}`) !== null, 60_000)
  await documentInSync(page)
  await publishEnabled(page, button)
  const seen = [await footerState(page)]
  const writes = lake.requests.length
  await button.click()
  try {
    await until(
      `${id} is published`,
      async () => {
        const state = await footerState(page)
        if (seen.at(-1) !== state) seen.push(state)
        return published()
      },
      30_000,
    )
  } catch (error) {
    const sent = lake.requests.slice(writes).filter((request) => /\/data\/(mutate|actions)\//.test(request) && !request.startsWith('OPTIONS')).length
    throw new Error(`${(error as Error).message}; seen: ${seen.join(' → ')}; lake writes since the click: ${sent}`)
  }
}

/**
 * Moves a Studio tab to another of its addresses the way the Studio's own links do: its router follows the browser's
 * history (the `history` package), so a pushed entry and a popstate event are a navigation inside the running Studio,
 * not a new load. An intent address (`/intent/edit/…`, `/intent/create/…`) is the Studio's to resolve: done when it has
 * replaced it with the document's own address.
 */
export async function navigateStudio(page: Page, pathname: string): Promise<void> {
  await page.evaluate((target) => {
    const index = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1
    history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx: index }, '', target)
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }))
  }, pathname)
  await page.waitForURL((url) => url.pathname.startsWith('/studio') && !url.pathname.includes('/intent/'), { timeout: 60_000 })
}

/**
 * One Studio tab for a test file, moved from test to test by navigateStudio instead of a new tab per test: a new tab
 * loads and starts the whole Studio again, measured here at 4 s and 5.5 Chromium CPU-seconds a document, against
 * 1.6 s and 2 CPU-seconds moving the running Studio. Made before the file's set-up runs: the context and the site's
 * address are read when a test opens the Studio. `open` gives the tab at `/studio<pathname>` (a new tab the
 * first time, after `discard`, and for Presentation); `leave` closes any other page and keeps the warm one; `discard` closes the warm
 * tab, after a failed test, so the next test starts in a fresh Studio.
 */
export function warmStudio(browserContext: () => BrowserContext, siteAddress: () => string) {
  let warm: Page | undefined
  return {
    async open(pathname: string): Promise<Page> {
      const context = browserContext()
      const siteUrl = siteAddress()
      // Presentation (the site in a frame, talking to the Studio) opens in a tab of its own, as an editor's link does.
      if (pathname.startsWith('/presentation')) {
        const page = await watchRequests(await context.newPage())
        await page.goto(`${siteUrl}/studio${pathname}`, { timeout: 120_000 })
        return page
      }
      // A tool already showing is not mounted again by a move to its own address (the Calls tool would keep the calls
      // it read before the test added some): that address is loaded afresh.
      if (warm && !warm.isClosed() && new URL(warm.url()).pathname !== `/studio${pathname}`.replace(/\/$/, '')) {
        await navigateStudio(warm, `/studio${pathname}`)
        return warm
      }
      if (!warm || warm.isClosed()) warm = await watchRequests(await context.newPage())
      await warm.goto(`${siteUrl}/studio${pathname}`, { timeout: 120_000 })
      return warm
    },
    async leave(page: Page): Promise<void> {
      if (page !== warm) return page.close()
      // What a test left open over the Studio (the search, a menu, a dialog) closes, as an editor's Escape closes it.
      await page.keyboard.press('Escape')
    },
    async discard(): Promise<void> {
      await warm?.close()
      warm = undefined
    },
  }
}
