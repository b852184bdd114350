import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { chromium } from 'playwright-core'
import { stegaClean } from 'next-sanity'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startDevLake } from '../../scripts/lake/devLake.ts'
import type { LocalLake } from '../../scripts/lake/server.ts'
import { siteEnvOnLake } from '../../scripts/lake/siteEnv.ts'
import { DEFAULT_LAKE_PORT, readConfig } from '../../web/lib/config'
import { telHref } from '../../web/lib/phone'
import { sqliteExperimentVisitors } from '../../web/lib/taps/experimentVisitors'
import { seedCallLog } from '../support/callLogFixture'
import { seedVoiceCalls } from '../support/voiceCallsFixture'
import { CHROMIUM_ARGS, CHROMIUM_PATH, freshMachineStudioPage, STUDIO_CONTEXT } from './browser'
import { hold } from './exclusive'
import { documentInSync, documentLoaded, publish, until, untilSteady, warmStudio } from './studioSession'
import { signedArmCookie, startSite, type NextServer } from './nextServer'

/**
 * The real Studio, in Chromium, on the local Content Lake (scripts/lake): the production build is
 * served the way `npm run dev` runs it with no Sanity project (Studio and site on the lake, signed
 * publish webhook to /api/revalidate), and an editor's flows run end to end.
 */
const ROOT = path.resolve(import.meta.dirname, '../..')
// The production build's Studio talks to the local lake where `npm run dev` runs it (plain HTTP on 3334).
const LAKE_PORT = Number(DEFAULT_LAKE_PORT)
const SITE_PORT = 3137
const SECRET = 'studio-test-webhook-secret'
const callLogFile = path.join(mkdtempSync(path.join(tmpdir(), 'studio-calls-')), 'calls.sqlite')
const env = { ...siteEnvOnLake({ port: LAKE_PORT, webhookSecret: SECRET, readToken: 'local-lake' }), CALL_LOG_FILE: callLogFile }

let dataDir: string
let releaseLake: (() => void) | undefined
let lake: LocalLake
let site: NextServer
let browser: Browser
let context: BrowserContext
const policyViolations: string[] = []

beforeAll(async () => {
  releaseLake = await hold('studio-lake')
  // The lake writes publishes back to its dataset: a copy, so the test leaves studio/dataset alone.
  dataDir = mkdtempSync(path.join(tmpdir(), 'studio-e2e-'))
  copyFileSync(path.join(ROOT, 'studio/dataset/production.ndjson'), path.join(dataDir, 'production.ndjson'))
  // The lake as `npm run dev` starts it (scripts/lake/devLake.ts), on the copy.
  ;({ lake } = await startDevLake({ root: ROOT, config: readConfig({ SANITY_LAKE_DATA: dataDir, SANITY_REVALIDATE_SECRET: SECRET }), sitePort: SITE_PORT, log: () => {} }))
  site = await startSite(SITE_PORT, env)
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  context = await browser.newContext(STUDIO_CONTEXT)
  // Every Content-Security-Policy refusal in any Studio page of the run (asserted by the last test).
  context.on('console', (message) => {
    if (/Content Security Policy|Refused to (connect|load|execute|frame)/.test(message.text())) policyViolations.push(`${message.page()?.url() ?? '?'}: ${message.text()}`)
  })
}, 900_000)

afterAll(async () => {
  await browser?.close()
  await site?.stop()
  await lake?.close()
  releaseLake?.()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  rmSync(path.dirname(callLogFile), { recursive: true, force: true })
})

async function html(pathname: string): Promise<{ status: number; body: string }> {
  const response = await fetch(`${site.url}${pathname}`)
  return { status: response.status, body: await response.text() }
}

async function telLinks(pathname: string): Promise<Set<string>> {
  return new Set([...(await html(pathname)).body.matchAll(/href="(tel:[^"]+)"/g)].map((match) => match[1]!))
}

/** The file's one warm Studio tab (tests/e2e/studioSession.ts): `openStudio` moves it, `leave` keeps it for the next test. */
const { open: openStudio, leave, discard } = warmStudio(() => context, () => site.url)

// A failed test's tab is not handed to the next one.
afterEach(async (test) => {
  if (test.task.result?.state === 'fail') await discard()
})

/** Opens a new page in the Studio (the "page" template) and types its title, as an editor starts one. */
async function newPage(title: string): Promise<Page> {
  const page = await openStudio('/intent/create/template=page;type=page/')
  const field = page.locator('input#title')
  await field.waitFor({ timeout: 60_000 })
  // The new document's form takes edits once its initial values are in: typed earlier, the name was replaced by them.
  await documentLoaded(page)
  await field.fill(title)
  await documentInSync(page)
  expect(await field.inputValue()).toBe(title)
  return page
}

/** STUDIO_SHOTS=folder saves a screenshot of each flow (for the README or a review); tests run without. */
async function shot(page: Page, name: string) {
  if (process.env.STUDIO_SHOTS) await page.screenshot({ path: path.join(process.env.STUDIO_SHOTS, `${name}.png`) })
}

/**
 * Adds a section from an array field's "Add item" menu (Hero is the first item; the menu has a search box),
 * once the document is loaded and in sync: a new document's form moves while its draft is being created,
 * which closed a menu opened earlier.
 */
async function addSection(page: Page, field: string, item: RegExp) {
  await documentInSync(page)
  await page.getByTestId(`field-${field}`).getByRole('button', { name: /Add item/ }).click()
  await page.getByRole('menuitem', { name: item }).first().click({ timeout: 10_000 })
}

describe('the Studio on the local Content Lake', { timeout: 240_000 }, () => {
  it('is served at /studio when a Sanity project is configured (here the lake’s), with its own single policy', async () => {
    const response = await fetch(`${site.url}/studio`)
    expect(response.status).toBe(200)
    const csp = response.headers.get('content-security-policy') ?? ''
    expect(csp).toContain('https://*.sanity.io')
    expect(csp.split(', default-src')).toHaveLength(1)
    await response.text()
  })

  it('shows the document list', async () => {
    const page = await openStudio('')
    for (const title of ['Site settings', 'Pages', 'Pest pages', 'Pests', 'FAQs', 'Legal']) {
      await page.getByRole('link', { name: title }).or(page.getByText(title, { exact: true })).first().waitFor({ timeout: 60_000 })
    }
    await page.getByText('Pages', { exact: true }).first().click()
    await page.getByText('/grubtle').waitFor({ timeout: 60_000 })
    await shot(page, 'studio-pages')
    await leave(page)
  })

  it('publishes a new phone number from Site settings to every tel: link of / and /ants', async () => {
    const newPhone = '+12125550199'
    expect(await telLinks('/')).not.toContain(telHref(newPhone))
    const page = await openStudio('')
    await page.getByText('Site settings', { exact: true }).first().click()
    const phone = page.locator('input#phone')
    await until('the phone field is editable', () => phone.isEditable(), 60_000)
    await phone.fill(newPhone)
    await shot(page, 'studio-site-settings-edited')
    await publish(page, lake, 'siteSettings')
    await until('the new number on / and /ants', async () => {
      const [home, ants] = await Promise.all([telLinks('/'), telLinks('/ants')])
      return home.size === 1 && home.has(telHref(newPhone)) && ants.size === 1 && ants.has(telHref(newPhone))
    })
    // The publish is written back to the dataset file (git diff shows it in a checkout).
    expect(readFileSync(path.join(dataDir, 'production.ndjson'), 'utf8')).toContain(`"phone":"${newPhone}"`)
    expect(lake.webhooks.some((hook) => (hook.body as { _id: string })._id === 'siteSettings' && hook.status === 200)).toBe(true)
    await leave(page)
  })

  // The "Add item" menu lists Hero first (with a search box: the page builder has 24 section types).
  it('creates a page with a hero in the page builder, publishes it, and the site serves it', async () => {
    const page = await newPage('Termite Spring Offer')
    await page.getByRole('button', { name: 'Generate' }).click()
    await addSection(page, 'blocks', /^Hero/)
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Headline', { exact: true }).fill('Termites Gone This Spring')
    // A new hero has no headline, subheadline or rating to delete first, and starts with the site's four benefits.
    await dialog.getByLabel('Subheadline', { exact: true }).fill('Licensed local pros, same week')
    await shot(page, 'studio-page-builder-hero')
    await dialog.getByRole('button', { name: 'Close dialog' }).click()
    // The field groups are tabs on a wide pane and a select on a narrow one.
    const seoTab = page.getByTestId('field-group-tabs').getByText('Search engines')
    if (await seoTab.isVisible()) await seoTab.click()
    else await page.getByTestId('field-group-select').selectOption({ label: 'Search engines' })
    await page.locator('[data-testid="field-seo.title"] input').fill('Termite Spring Offer')
    await page.locator('[data-testid="field-seo.description"] textarea').fill('Spring termite treatment from licensed local pros.')
    // The new document's id is in the address: /structure/page;<id>,template=page.
    await publish(page, lake, /;([0-9a-f-]{36})/.exec(decodeURIComponent(page.url()))![1]!)
    // A new address is reachable once the proxy's list of pages refreshes (web/lib/routing.ts: every
    // 30 s, from the routes-tagged query the webhook marks stale, so up to two refreshes).
    await until(
      '/termite-spring-offer is served with its hero',
      async () => {
        const { status, body } = await html('/termite-spring-offer')
        return status === 200 && /<h1[^>]*>Termites Gone This Spring<\/h1>/.test(body)
      },
      120_000,
    )
    await shot(page, 'studio-new-page-published')
    await leave(page)
  })

  it('blocks publishing a pest page with 7 bullets, with the validation message', async () => {
    // An editor's draft of /ants with one of its 8 bullets removed, saved through the lake's actions API.
    const ants = lake.store.get('pestPage-ants')!
    const explainer = ants.explainer as { items: unknown[] }
    const response = await fetch(`${lake.url}/v2025-02-19/data/actions/production`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        actions: [{ actionType: 'sanity.action.document.create', publishedId: 'pestPage-ants', attributes: { ...ants, _id: 'drafts.pestPage-ants', explainer: { ...explainer, items: explainer.items.slice(0, 7) } } }],
      }),
    })
    expect(response.status).toBe(200)
    const page = await openStudio('/intent/edit/id=pestPage-ants;type=pestPage/')
    const field = page.getByTestId('field-explainer')
    await field.waitFor({ timeout: 60_000 })
    await field.getByTestId('input-validation-icon-error').first().hover()
    await page.getByText('This section needs exactly 8 bullets (it has 7).').first().waitFor({ timeout: 30_000 })
    await shot(page, 'studio-validation-7-bullets')
    expect(await page.getByTestId('action-publish').isDisabled()).toBe(true)
    expect(lake.store.get('pestPage-ants')!.explainer).toEqual(explainer)
    await leave(page)
  })

  // The Presentation tool opens the Live Content API's event stream (data/live/events) and, when that
  // fails, the client's CORS check (check/cors): with either unanswered the tool crashed.
  // The preview in the frame calls a Next server action (POST /ants with Next-Action, in draft mode): the
  // front lets it through to Next, which answers it; a refusal showed "An unexpected response was received
  // from the server" in the frame's console.
  it('shows /ants in the Presentation tool’s frame', async () => {
    const page = await context.newPage()
    const actions: number[] = []
    const unexpected: string[] = []
    page.on('response', (response) => {
      if (response.request().method() === 'POST' && response.request().headers()['next-action']) actions.push(response.status())
    })
    page.on('console', (message) => {
      if (message.text().includes('An unexpected response was received from the server')) unexpected.push(message.text())
    })
    await page.goto(`${site.url}/studio/presentation?preview=%2Fants`, { timeout: 120_000 })
    const frame = page.frameLocator('iframe').first()
    await frame.locator('h1').first().waitFor({ timeout: 60_000 })
    // In preview the copy carries invisible source maps (stega) for click-to-edit.
    expect(stegaClean(await frame.locator('h1').first().innerText())).toBe('Ant Exterminator')
    // The tool covers the frame until the page's visual editing has connected to it.
    // (The tool may show more than one "Loading." at first: wait until none is visible.)
    await until('the frame is connected', async () => !(await page.getByText(/^Loading/).first().isVisible()), 60_000)
    await until('the preview called its server action', async () => actions.length > 0, 30_000)
    expect(actions.every((status) => status === 200), `server actions answered ${actions.join(', ')}`).toBe(true)
    expect(unexpected).toEqual([])
    await shot(page, 'studio-presentation-ants')
    await leave(page)
  })

  it('shows the Calls tool: taps per day, page, keyword, arm and number, a verdict per A/B test, and the split alarm', async () => {
    await seedCallLog(callLogFile)
    const page = await openStudio('/calls')
    // The site checked the Studio's token with the lake's users/me before answering.
    await page.getByText('B is ahead, not yet conclusive', { exact: false }).waitFor({ timeout: 60_000 })
    await page.getByRole('table', { name: 'Versions of home-headline' }).getByText('403').waitFor()
    // A broken split names no winner, and says so.
    await page.getByRole('alert').filter({ hasText: 'The split looks broken' }).waitFor()
    await page.getByRole('table', { name: 'Taps per day, page, keyword, arm and number' }).getByText('(212) 555-0101').first().waitFor()
    expect(lake.requests.some((request) => new RegExp(`^GET 127\\.0\\.0\\.1:${LAKE_PORT}/v[^/]+/users/me$`).test(request))).toBe(true)
    await shot(page, 'studio-calls')
    await leave(page)
  })

  it('lists every call in the Calls view: rows with outcome and reason, a filter, an outcome changed by hand, the spreadsheet', async () => {
    const ids = await seedVoiceCalls(callLogFile)
    const page = await openStudio('/calls')
    // The tool's own view switch (not the top bar's Calls), once the tool has read its numbers and stays so (Refresh
    // enabled at three looks in a row): a switch clicked while the Studio was still mounting the tool was lost with it.
    const refresh = page.getByRole('button', { name: 'Refresh', exact: true })
    await untilSteady('the Calls tool has read its numbers', () => refresh.isEnabled(), 60_000)
    await page.getByRole('button', { name: 'Calls', exact: true, pressed: false }).click({ timeout: 60_000 })
    await page.getByRole('button', { name: 'Calls', exact: true, pressed: true }).waitFor()
    const table = page.getByRole('table', { name: 'Calls' })
    await table.getByText('The caller said “calling about your business listing”.').waitFor({ timeout: 60_000 })
    await table.getByText('(512) ***-**34').waitFor()
    expect(await table.getByText(/STIR\/SHAKEN/).count()).toBe(1)
    await page.getByRole('combobox', { name: 'Outcome', exact: true }).selectOption('spam')
    await until('only spam rows', async () => (await table.locator('tbody tr').count()) === 2)
    await page.getByRole('combobox', { name: 'Outcome', exact: true }).selectOption('')
    await table.locator(`tr[data-call="${ids.lead}"]`).click()
    const details = page.getByLabel('Call details')
    await details.getByText('Answered and talked 140 s', { exact: false }).waitFor()
    await shot(page, 'studio-calls-view-call')
    await details.getByRole('combobox', { name: 'New outcome' }).selectOption('booked')
    await details.getByRole('spinbutton', { name: 'Job value' }).fill('400')
    await details.getByRole('button', { name: 'Change outcome' }).click()
    await table.locator(`tr[data-call="${ids.lead}"]`).getByText('Booked job').waitFor({ timeout: 30_000 })
    await shot(page, 'studio-calls-view')
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download spreadsheet' }).click()])
    const csv = readFileSync((await download.path())!, 'utf8')
    expect(csv.split('\n')[0]).toBe('Time,Caller,Number called,Source,Campaign,Keyword,Page,Place,Version,Talk seconds,Outcome,Reason,Value,Call id')
    expect(csv).toMatch(new RegExp(`,Booked job,Set by [^,]+\\.,400,${ids.lead}\n`))
    expect(csv).not.toContain('5125550134')
    await leave(page)
  })

  it('refuses conflicting tracking-number rules in Site settings, saying which', async () => {
    const settings = lake.store.get('siteSettings')!
    const rule = (key: string, match: string, value: string, phone: string) => ({ _key: key, _type: 'trackingNumberRule', match, value, phone })
    // An editor's unpublished draft: two numbers for one campaign, and a state rule.
    await lake.store.mutate([
      {
        createOrReplace: {
          ...settings,
          _id: 'drafts.siteSettings',
          trackingNumbers: [rule('r1', 'campaign', 'termites-fall', '+12125550101'), rule('r2', 'source', 'bing', '+13125550102'), rule('r3', 'campaign', 'Termites-Fall', '+12145550103'), rule('r4', 'state', 'TX', '+12145550103')],
        },
      },
    ])
    const page = await openStudio('')
    await page.getByText('Site settings', { exact: true }).first().click()
    // The list's message sits in the tooltip of the field's error icon; an editor opens the document's
    // Validation panel (the pane header's button, red while there is an error), which lists every problem
    // with its field.
    const validation = page.getByRole('button', { name: 'Validation', exact: true })
    await validation.waitFor({ timeout: 60_000 })
    await validation.click()
    const conflict = page.getByRole('button').filter({ hasText: 'Campaign “Termites-Fall” already has a rule with another number (+12125550101)' })
    await conflict.waitFor({ timeout: 30_000 })
    expect(await conflict.innerText()).toContain('Tracking numbers')
    await shot(page, 'studio-tracking-numbers')
    await until('Publish is refused', async () => page.getByTestId('action-publish').isDisabled(), 30_000)
    await leave(page)
  })

  it('ends an A/B test in one action: version b becomes the page, the test stops, everyone sees b, and its numbers stay in the Calls tool', async () => {
    // A published copy of /v2 running a test whose version b has its own headline, with the visitors the site counted so far.
    const v2 = lake.store.get('page-v2')!
    await seedTestVisitors(callLogFile, 'spring-offer-headline', { a: [120, 6], b: [131, 11] })
    // And a test still running, whose name comes later in the alphabet.
    await seedTestVisitors(callLogFile, 'winter-offer', { a: [40, 1], b: [42, 2] })
    await lake.store.mutate([
      {
        createOrReplace: {
          ...v2,
          _id: 'page-ab-end',
          title: 'Spring offer (A/B test)',
          slug: { _type: 'slug', current: 'spring-offer' },
          experiment: {
            name: { _type: 'slug', current: 'spring-offer-headline' },
            arms: [
              { _key: 'a', _type: 'arm', key: 'a', weight: 50 },
              { _key: 'b', _type: 'arm', key: 'b', weight: 50, heroTitle: 'Pests Gone By Friday' },
            ],
          },
        },
      },
    ])
    const page = await openStudio('/intent/edit/id=page-ab-end;type=page/')
    await page.locator('input#title').waitFor({ timeout: 60_000 })
    // The action waits for the page's validation (it is disabled while there are errors), and is taken once the
    // document is loaded and in sync (a menu opened while the form still moved closed under the click).
    await documentInSync(page)
    const dialog = page.getByRole('dialog')
    const versionB = dialog.getByText('Make version b the page')
    await page.getByTestId('action-menu-button').click({ timeout: 60_000 })
    await page.getByRole('menuitem', { name: /End A\/B test/ }).click({ timeout: 30_000 })
    await versionB.waitFor({ timeout: 30_000 })
    await versionB.click()
    await shot(page, 'studio-end-ab-test')
    await dialog.getByRole('button', { name: 'End the test and publish' }).click()
    await until(
      'version b is the published page, its test stopped',
      async () => {
        const published = lake.store.get('page-ab-end') as { blocks: { _type: string; title?: string }[]; experiment?: { stop?: string } } | null
        return Boolean(published?.experiment?.stop) && published!.blocks.some((block) => block._type === 'hero' && block.title === 'Pests Gone By Friday') && lake.store.get('drafts.page-ab-end') === null
      },
      60_000,
    )
    // Every visitor, with or without a version cookie, now gets version b's headline, and no new cookie.
    await until(
      '/spring-offer shows version b to everyone',
      async () => {
        const [plain, keptA] = await Promise.all([fetch(`${site.url}/spring-offer`), fetch(`${site.url}/spring-offer`, { headers: { cookie: signedArmCookie('spring-offer-headline', 'a') } })])
        const bodies = await Promise.all([plain.text(), keptA.text()])
        return plain.headers.get('set-cookie') === null && bodies.every((body) => /<h1[^>]*>Pests Gone By Friday<\/h1>/.test(body))
      },
      60_000,
    )
    await leave(page)
    // The Calls tool keeps the ended test's section and numbers, headed with when it ended and which version became the page, after the running tests.
    const { stop } = lake.store.get('page-ab-end')!.experiment as { stop: string }
    const day = new Date(stop).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })
    const calls = await openStudio('/calls')
    await calls.getByText(`Ended ${day}: b became the page.`, { exact: true }).waitFor({ timeout: 60_000 })
    const versions = calls.getByRole('table', { name: 'Versions of spring-offer-headline' })
    await versions.getByText('131', { exact: true }).waitFor()
    await versions.getByText('11', { exact: true }).first().waitFor()
    // The running test's section too, before the order is read.
    await calls.getByRole('table', { name: 'Versions of winter-offer' }).waitFor({ timeout: 30_000 })
    const order = await calls.getByRole('table', { name: /^Versions of / }).evaluateAll((tables) => tables.map((table) => table.getAttribute('aria-label')))
    expect(order.indexOf('Versions of winter-offer')).toBeGreaterThanOrEqual(0)
    expect(order.at(-1)).toBe('Versions of spring-offer-headline')
    await shot(calls, 'studio-calls-ended-test')
    await leave(calls)
  })
})

/** Visitors the site counted for a test, per version: [visitors, converting visitors (one tap each)]. */
async function seedTestVisitors(file: string, name: string, versions: Record<string, [number, number]>) {
  const visitors = sqliteExperimentVisitors(file)
  const experiment = { name, arms: Object.keys(versions).map((key) => ({ key, weight: 50 })) }
  for (const [arm, [count, converters]] of Object.entries(versions)) {
    for (let visitor = 0; visitor < count; visitor++) {
      const served = { experiment, arm, visitor: `${name}-${arm}-${visitor}` }
      await visitors.seen(served)
      if (visitor < converters) await visitors.tapped(served)
    }
  }
}

/** The Validation panel of the open document (the pane header's button), listing every problem with its field. */
async function openValidationPanel(page: Page) {
  const validation = page.getByRole('button', { name: 'Validation', exact: true })
  await validation.waitFor({ timeout: 60_000 })
  if ((await validation.getAttribute('data-selected')) === null) await validation.click()
}

describe('what the Studio tells an editor is true (issue 28)', { timeout: 240_000 }, () => {
  it('first run: a fresh browser with no certificate exception and no local authority opens the Studio at once and reads a document', async () => {
    // As on a developer's first `npm run dev` on a fresh machine: a new profile, a HOME with no trust store (no mkcert).
    const home = mkdtempSync(path.join(tmpdir(), 'studio-first-run-'))
    const { browser: fresh, page, refused } = await freshMachineStudioPage(home)
    try {
      await page.goto(`${site.url}/studio/structure/siteSettings`, { timeout: 120_000 })
      // The Studio itself, never a certificate warning or a step to take first: Site settings read from the lake.
      const phone = String((lake.store.get('drafts.siteSettings') ?? lake.store.get('siteSettings'))!.phone)
      await untilSteady('Site settings’ phone number is read from the lake', async () => (await page.locator('input#phone').inputValue().catch(() => '')) === phone, 120_000)
      expect(page.url()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/studio\/structure\/siteSettings/)
      expect(await page.getByRole('heading', { name: /Content Lake is not answering/ }).count()).toBe(0)
      expect(refused).toEqual([])
      await shot(page, 'studio-first-run')
    } finally {
      await fresh.close()
      rmSync(home, { recursive: true, force: true })
    }
  })

  it('opens at localhost as at 127.0.0.1', async () => {
    const page = await context.newPage()
    await page.goto(`${site.url.replace('127.0.0.1', 'localhost')}/studio`, { timeout: 120_000 })
    await page.getByText('Pages', { exact: true }).first().waitFor({ timeout: 60_000 })
    await leave(page)
  })

  it('lists the home page at / (where it is served), not at /home', async () => {
    const page = await openStudio('')
    await page.getByText('Pages', { exact: true }).first().click({ timeout: 60_000 })
    // The page Site settings names (page-home, slug "home") is listed at "/"; the others at their slug.
    const home = page.locator('a').filter({ hasText: 'Home – generic landing page' })
    await home.filter({ hasText: '/ (home page)' }).waitFor({ timeout: 60_000 })
    await page.locator('a').filter({ hasText: 'Version 2 landing page (mobile style)' }).filter({ hasText: '/v2' }).waitFor()
    expect(await page.getByText('/home', { exact: true }).count()).toBe(0)
    await shot(page, 'studio-pages-home-at-root')
    // Site settings names another home page (published): the list says so once it is drawn again.
    const homeRef = (id: string) => [{ patch: { id: 'siteSettings', set: { homePage: { _type: 'reference', _ref: id } } } }]
    await lake.store.mutate(homeRef('page-v2'))
    try {
      await page.getByText('Pest pages', { exact: true }).first().click()
      await page.getByText('Pages', { exact: true }).first().click()
      await page.locator('a').filter({ hasText: 'Version 2 landing page (mobile style)' }).filter({ hasText: '/ (home page)' }).waitFor({ timeout: 30_000 })
      await home.filter({ hasText: '/home' }).waitFor()
    } finally {
      await lake.store.mutate(homeRef('page-home'))
    }
    await leave(page)
  })

  it('a field’s error is listed beside Publish, one click away, and its tab shows that it holds one', async () => {
    const page = await newPage('Termite Inspection')
    // The Search engines tab is not open, and its fields are empty: the tab carries the error mark.
    const seoTab = page.getByTestId('group-tab-seo')
    await seoTab.getByTestId('input-validation-icon-error').waitFor({ timeout: 30_000 })
    expect(await page.locator('[data-testid="field-seo.description"]').count()).toBe(0)
    await shot(page, 'studio-seo-tab-error')
    // The Validation panel (the pane header's button, beside Publish's pane) lists it; a click opens the
    // tab at the field.
    await openValidationPanel(page)
    await page.getByRole('button').filter({ hasText: 'Write the sentence search results show under the title' }).first().click({ timeout: 30_000 })
    const description = page.locator('[data-testid="field-seo.description"] textarea')
    await description.waitFor({ timeout: 30_000 })
    expect(await seoTab.getAttribute('aria-selected')).toBe('true')
    await page.locator('[data-testid="field-seo.title"] input').fill('Termite Inspection')
    await description.fill('Termite inspections from licensed local pros, same day. Call {phone}.')
    // Filled: the tab's mark goes away.
    await until('the Search engines tab has no error mark', async () => (await seoTab.getByTestId('input-validation-icon-error').count()) === 0, 30_000)
    await leave(page)
  })

  // The Presentation tool on the local lake as on Sanity: the page listens to the Live Content API
  // (next-sanity's <SanityLive includeDrafts>, web/content/LivePreview.tsx) and the lake sends an event for
  // every draft change (scripts/lake/events.ts, liveEvents), so the preview follows typing; ↻ is never pressed.
  it('Presentation: a typed headline shows in the preview without ↻, and a discarded draft shows the published page again', async () => {
    const page = await context.newPage()
    await page.goto(`${site.url}/studio/presentation/pestPage/pestPage-ants?preview=%2Fants`, { timeout: 120_000 })
    const h1 = page.frameLocator('iframe').first().locator('h1').first()
    const shown = async () => ((await h1.isVisible()) ? stegaClean(await h1.innerText()) : null)
    await until('the preview shows /ants', async () => (await shown()) === 'Ant Exterminator', 60_000)
    await until('the frame is connected', async () => !(await page.getByText(/^Loading/).first().isVisible()), 60_000)
    // The page in the frame is listening (its <SanityLive> opened the lake's live events, drafts included).
    await until('the preview listens to live events', async () => lake.requests.some((request) => /^GET .*\/data\/live\/events\/production\?tag=next-loader\.live&includeDrafts=true/.test(request)), 60_000)
    const headline = page.locator('[data-testid="field-hero.title"] input')
    await until('the headline field is editable', () => headline.isEditable(), 60_000)
    await headline.click()
    await headline.press('End')
    await headline.pressSequentially(' Near You', { delay: 60 })
    const typedAt = Date.now()
    await until('the preview shows the typed headline', async () => (await shown()) === 'Ant Exterminator Near You', 30_000)
    console.log(`[studio e2e] typed headline → visible in the Presentation preview: ${Date.now() - typedAt} ms after the last key`)
    expect((lake.store.get('drafts.pestPage-ants')?.hero as { title?: string } | undefined)?.title).toBe('Ant Exterminator Near You')
    await shot(page, 'studio-presentation-typed')
    // Discard the draft from the document's action menu (offered once the Studio's copy has the draft in sync):
    // the preview shows the published headline again.
    await documentInSync(page)
    await page.getByTestId('pane-footer').getByTestId('action-menu-button').click({ timeout: 30_000 })
    await page.getByRole('menuitem', { name: /Discard changes/ }).click({ timeout: 30_000 })
    await page.getByRole('dialog').getByRole('button', { name: /Discard/ }).click({ timeout: 30_000 })
    const discardedAt = Date.now()
    await until('the draft is gone', async () => lake.store.get('drafts.pestPage-ants') === null, 30_000)
    await until('the preview shows the published headline again', async () => (await shown()) === 'Ant Exterminator', 30_000)
    console.log(`[studio e2e] discard → published headline in the preview: ${Date.now() - discardedAt} ms`)
    await shot(page, 'studio-presentation-discarded')
    await leave(page)
  })

  it('says which rule a phone number breaks', async () => {
    const page = await openStudio('')
    await page.getByText('Site settings', { exact: true }).first().click()
    const phone = page.locator('input#phone')
    await until('the phone field is editable', () => phone.isEditable(), 60_000)
    await phone.fill('+15550104477')
    await openValidationPanel(page)
    await page.getByRole('button').filter({ hasText: 'US exchange codes cannot start with 0 or 1: the 4th digit after +1 is 0.' }).first().waitFor({ timeout: 30_000 })
    await shot(page, 'studio-phone-message')
    await leave(page)
  })

  it('a new page: empty and long headlines say what to do; filling only what is asked publishes it', async () => {
    const page = await newPage('Wasp Nest Removal')
    await page.getByRole('button', { name: 'Generate' }).click()
    await addSection(page, 'blocks', /^Hero/)
    const dialog = page.getByRole('dialog')
    const headline = dialog.getByLabel('Headline', { exact: true })
    await headline.waitFor({ timeout: 30_000 })
    // Nothing to delete first: no headline, no subheadline, no rating.
    expect(await headline.inputValue()).toBe('')
    expect(await dialog.getByLabel('Subheadline', { exact: true }).inputValue()).toBe('')
    await dialog.getByRole('button', { name: 'Close dialog' }).click()
    await openValidationPanel(page)
    const panel = (text: string) => page.getByRole('button').filter({ hasText: text }).first()
    await panel('Write the headline visitors see first').waitFor({ timeout: 30_000 })
    await panel('Write the line under the headline').waitFor()
    await panel('Write the sentence search results show under the title').waitFor()
    await shot(page, 'studio-empty-messages')
    // Too long: says how long it may be and how long it is.
    await page.getByTestId('field-blocks').getByText('Hero (no headline yet)').first().click({ timeout: 30_000 })
    const long = 'Wasp and Hornet Nest Removal, Inspection and Prevention for Every Home and Business in Town'
    await dialog.getByLabel('Headline', { exact: true }).fill(long)
    await panel(`Shorten the headline to 80 characters or fewer — it has ${long.length}.`).waitFor({ timeout: 30_000 })
    await shot(page, 'studio-length-message')
    await dialog.getByLabel('Headline', { exact: true }).fill('Wasp Nests Gone Today')
    await dialog.getByLabel('Subheadline', { exact: true }).fill('Licensed local pros, same-day visits')
    await dialog.getByRole('button', { name: 'Close dialog' }).click()
    const seoTab = page.getByTestId('field-group-tabs').getByText('Search engines')
    if (await seoTab.isVisible()) await seoTab.click()
    else await page.getByTestId('field-group-select').selectOption({ label: 'Search engines' })
    await page.locator('[data-testid="field-seo.title"] input').fill('Wasp Nest Removal')
    await page.locator('[data-testid="field-seo.description"] textarea').fill('Same-day wasp nest removal from licensed local pros. Call {phone}.')
    await publish(page, lake, /;([0-9a-f-]{36})/.exec(decodeURIComponent(page.url()))![1]!)
    await until(
      '/wasp-nest-removal is served with its hero',
      async () => {
        const { status, body } = await html('/wasp-nest-removal')
        return status === 200 && /<h1[^>]*>Wasp Nests Gone Today<\/h1>/.test(body)
      },
      120_000,
    )
    await shot(page, 'studio-new-page-asked-only')
    await leave(page)
  })

  it('the whole session had no Content-Security-Policy violations', () => {
    expect(policyViolations).toEqual([])
  })
})
