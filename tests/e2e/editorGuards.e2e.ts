import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { chromium } from 'playwright-core'
import { stegaClean } from 'next-sanity'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startLocalLake, type LocalLake } from '../../scripts/lake/server.ts'
import { siteEnvOnLake } from '../../scripts/lake/siteEnv.ts'
import { sqliteExperimentVisitors } from '../../web/lib/taps/experimentVisitors'
import { DEFAULT_LAKE_PORT } from '../../web/lib/config'
import { pageHref, pagesRendering, WHERE_USED_QUERY, type WhereUsedData } from '../../studio/whereUsed'
import { CHROMIUM_ARGS, CHROMIUM_PATH, STUDIO_CONTEXT } from './browser'
import { hold } from './exclusive'
import { noteRetry } from '../support/retries'
import { chooseFile, documentInSync, documentLoaded, footerState, publish, settledOrReloaded, unanswered, until, untilSteady, warmStudio } from './studioSession'
import { startSite, type NextServer } from './nextServer'
import { inParallel } from './pagePool'

/**
 * What an editor in a hurry cannot break, and what the Studio tells them is true: the real Studio in
 * Chromium on the local Content Lake, the site's production build served on the lake (as
 * tests/e2e/studio.e2e.ts runs it). A published photo never takes a page down; a page keeps the hero
 * its ad inputs need; a discarded edit comes back from History; "where used" lists exactly the
 * pages that render a document; the home page is "/"; choosing a page moves the Presentation preview
 * there; the Calls tool waits for visitors in plain words.
 */
const ROOT = path.resolve(import.meta.dirname, '../..')
const LAKE_PORT = Number(DEFAULT_LAKE_PORT)
const SITE_PORT = 3147
const SECRET = 'editor-guards-webhook-secret'
const callLogFile = path.join(mkdtempSync(path.join(tmpdir(), 'editor-calls-')), 'calls.sqlite')
const env = { ...siteEnvOnLake({ port: LAKE_PORT, webhookSecret: SECRET, readToken: 'local-lake' }), CALL_LOG_FILE: callLogFile }
/** EDITOR_SHOTS=folder saves each flow's screenshot (docs/screens holds the reviewed ones). */
const SHOTS = process.env.EDITOR_SHOTS

let dataDir: string
let releaseLake: (() => void) | undefined
let lake: LocalLake
let site: NextServer
let browser: Browser
let context: BrowserContext

beforeAll(async () => {
  releaseLake = await hold('studio-lake')
  dataDir = mkdtempSync(path.join(tmpdir(), 'editor-e2e-'))
  copyFileSync(path.join(ROOT, 'studio/dataset/production.ndjson'), path.join(dataDir, 'production.ndjson'))
  lake = await startLocalLake({ dataDir, port: LAKE_PORT, webhook: { url: `http://127.0.0.1:${SITE_PORT}/api/revalidate`, secret: SECRET } })
  // A running two-version test whose only request so far was a crawler's: no visitor counted yet.
  await sqliteExperimentVisitors(callLogFile).botExcluded('spring-headline', new Date())
  site = await startSite(SITE_PORT, env)
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  context = await browser.newContext(STUDIO_CONTEXT)
  if (SHOTS) mkdirSync(SHOTS, { recursive: true })
}, 900_000)

afterAll(async () => {
  await browser?.close()
  await site?.stop()
  await lake?.close()
  releaseLake?.()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  rmSync(path.dirname(callLogFile), { recursive: true, force: true })
})

// A failed flow leaves its page open: what it showed is kept for the log's reader.
afterEach(async (test) => {
  if (test.task.result?.state !== 'fail' || !context) return
  for (const [index, page] of context.pages().entries()) {
    const file = path.join(tmpdir(), `editor-e2e-failed-${test.task.name.slice(0, 24).replace(/\W+/g, '-')}-${index}.png`)
    await page.screenshot({ path: file }).catch(() => undefined)
    console.log(`[editor e2e] failed at ${page.url()}: ${file}`)
    // Every page, the warm Studio tab too: the next test starts in a fresh Studio.
    await page.close()
  }
})

/** The file's one warm Studio tab (tests/e2e/studioSession.ts): `openStudio` moves it, `leave` keeps it for the next test. */
const { open: openStudio, leave, discard: freshStudio } = warmStudio(() => context, () => site.url)

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`) })
}

/**
 * Discard changes, from the document's action menu, once the Studio's own copy of the document has the
 * draft in sync (the item is offered only then; the lake having it is not enough), then confirmed.
 */
async function discardChanges(page: Page) {
  await documentInSync(page)
  await page.getByTestId('pane-footer').getByTestId('action-menu-button').click({ timeout: 10_000 })
  const item = page.getByRole('menuitem', { name: /Discard changes/ })
  await until('Discard changes is offered', () => item.isEnabled(), 10_000)
  await item.click({ timeout: 5_000 })
  await page.getByRole('dialog').getByRole('button', { name: /Discard/ }).click({ timeout: 10_000 })
}

async function status(pathname: string): Promise<{ status: number; body: string }> {
  const response = await fetch(`${site.url}${pathname}`)
  return { status: response.status, body: await response.text() }
}

describe('an editor cannot take the site down', { timeout: 240_000 }, () => {
  it('a photo uploaded and published on a pest: every page that shows it answers 200 with the photo or its fallback', async () => {
    const page = await openStudio('/intent/edit/id=pest-ant;type=pest/')
    // The Photo field's file input (the pest's only file field).
    const upload = page.locator('input[type="file"]').first()
    await upload.waitFor({ state: 'attached', timeout: 60_000 })
    // A real photo file: a PNG of the Studio itself, uploaded through the field's file input.
    const photo = await page.screenshot({ clip: { x: 0, y: 0, width: 600, height: 400 } })
    // Chosen once the document is loaded (a file chosen while the form was still read-only was dropped).
    await documentLoaded(page)
    const asked = lake.requests.length
    // Taken: the Studio has marked the field as uploading on the draft, or sent the file to the lake.
    const taken = () => Boolean(lake.store.get('drafts.pest-ant')?.image) || lake.requests.slice(asked).some((request) => request.includes('/assets/images/'))
    await chooseFile(upload, { name: 'ant-photo.png', mimeType: 'image/png', buffer: photo }, taken)
    await until('the photo is on the draft', async () => Boolean((lake.store.get('drafts.pest-ant')?.image as { asset?: unknown } | undefined)?.asset), 30_000).catch(async (error: Error) => {
      throw new Error(`${error.message}; footer: ${await footerState(page)}; lake asked since the upload: ${lake.requests.slice(asked).join(', ') || 'nothing'}; ${unanswered(page)}; toasts: ${(await page.locator('[data-ui="Toast"]').allInnerTexts().catch(() => [])).join(' / ')}`)
    })
    await publish(page, lake, 'pest-ant')
    await shot(page, 'editor-photo-published')
    const assetId = ((lake.store.get('pest-ant')!.image as { asset: { _ref: string } }).asset._ref)
    const fileName = /^image-(\w+)-(\d+x\d+)-(\w+)$/.exec(assetId)!.slice(1).join('-').replace(/-(\w+)$/, '.$1')
    // The pages that show the ant's photo (as the Studio's "where used" finds them from the site's own
    // queries), its ad-keyword variant, and every other page: all answer, the photo shown where it belongs.
    const whereUsed = (await lake.store.query(WHERE_USED_QUERY, {}, 'published')) as WhereUsedData
    const showing = [...pagesRendering('pest-ant', whereUsed).map((location) => location.href), '/?kw=ant+exterminator']
    expect(showing).toContain('/')
    await until('the home page shows the published photo', async () => (await status('/')).body.includes(fileName), 60_000)
    // Two at a time: the front renders two pages at once (its render slots).
    for (const [index, { status: code, body }] of (await inParallel(showing.map((pathname) => () => status(pathname)), 2)).entries()) {
      const pathname = showing[index]!
      expect(code, pathname).toBe(200)
      expect(body.includes(fileName) || body.includes('/illustrations/ant.svg'), `${pathname} shows the photo or its fallback`).toBe(true)
    }
    // Served as it is from the lake (the optimiser refuses loopback hosts): no /_next/image address for it.
    expect((await status('/')).body).toContain(`http://localhost:${LAKE_PORT}/images/`)
    const slugs = (await lake.store.query('*[_type in ["page", "pestPage", "legalPage"] && defined(slug.current)].slug.current', {}, 'published')) as string[]
    const addresses = slugs.map((slug) => pageHref(slug, whereUsed.homeSlug))
    for (const [index, { status: code }] of (await inParallel(addresses.map((address) => () => status(address)), 2)).entries()) {
      expect(code, addresses[index]).toBe(200)
    }
    expect(site.logs.filter((line) => /Invalid src prop|hostname .* is not configured/.test(line))).toEqual([])
    // The home page in the Presentation preview (draft mode, whose policy allows the lake's images): the photo shows.
    const preview = await context.newPage()
    await preview.goto(`${site.url}/studio/presentation?preview=%2F`, { timeout: 120_000 })
    const photoInPreview = preview.frameLocator('iframe').first().locator(`figure img[src*="${fileName}"]`).first()
    await until('the photo is shown in the preview', async () => (await photoInPreview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)) === true, 60_000)
    await until('the preview is connected', async () => !(await preview.getByText(/^Loading/).first().isVisible()), 60_000)
    await photoInPreview.scrollIntoViewIfNeeded()
    await shot(preview, 'editor-photo-home')
    await leave(preview)

    // A photo at a host nobody configured (the asset's address changed behind the Studio's back): the page
    // still answers 200, shows the drawing, and the server log says why.
    await lake.store.mutate([{ patch: { id: assetId, set: { url: 'https://images.example.com/ant.jpg' } } }, { patch: { id: 'pest-ant', set: { imageAlt: 'An ant on a leaf' } } }])
    await until('the home page shows the drawing instead', async () => {
      const { status: code, body } = await status('/')
      return code === 200 && !body.includes(fileName) && body.includes('/illustrations/ant.svg')
    }, 60_000)
    // The server's log says why (its output is read as it arrives, so it is waited for).
    await until('the server log says why', async () => site.logs.some((line) => line.includes('[image] https://images.example.com/ant.jpg is shown as its illustration')), 10_000)
    await leave(page)
  })

  it('a home page without its hero is refused before publish, in words that name the problem and the fix', async () => {
    // The editor removed the hero of the home page (which reads the ad's keyword and city): the draft as the Studio saves it.
    const home = lake.store.get('page-home')!
    await lake.store.mutate([{ createOrReplace: { ...home, _id: 'drafts.page-home', blocks: (home.blocks as { _type: string }[]).filter((block) => block._type !== 'hero') } }])
    // A Studio opened for this check, not the tab the photo test used: a long-lived tab moved to the home page now and
    // then never finished validating it, while a fresh one did (docs/testing.md, "The Studio that does not settle").
    await freshStudio()
    const page = await openStudio('/intent/edit/id=page-home;type=page/')
    const validation = page.getByRole('button', { name: 'Validation', exact: true })
    await documentLoaded(page)
    await settledOrReloaded(page, 'the hero-less home page is flagged', (ms) => validation.waitFor({ timeout: ms })).catch(async (error: Error) => {
      // What the Studio holds against what the lake holds: the sections its form lists, and the lake's draft.
      const sections = (await page.getByTestId('field-blocks').innerText({ timeout: 1_000 }).catch(() => '?')).replace(/\s+/g, ' ').slice(0, 200)
      const draft = (lake.store.get('drafts.page-home')?.blocks as { _type: string }[] | undefined)?.map((block) => block._type).join(', ')
      throw new Error(`${error.message.split('\n')[0]}; at ${page.url()}; footer: ${await footerState(page)}; the form's sections: ${sections}; the lake's draft: ${draft ?? 'none'}`)
    })
    if ((await validation.getAttribute('data-selected')) === null) await validation.click()
    await page
      .getByRole('button')
      .filter({ hasText: 'This page reads the ad’s keyword and the visitor’s city from the ad (Ads tab), and only a Hero section shows them: add a Hero section back (Add item → Hero), or untick those inputs on the Ads tab.' })
      .first()
      .waitFor({ timeout: 30_000 })
    await until('Publish is refused', () => page.getByTestId('action-publish').isDisabled())
    await shot(page, 'editor-hero-guard')
    expect((lake.store.get('page-home')!.blocks as { _type: string }[]).some((block) => block._type === 'hero')).toBe(true)
    await lake.store.mutate([{ delete: { id: 'drafts.page-home' } }])
    await leave(page)
  })

  it('a discarded edit is restored from History on the local lake', async () => {
    // A published page of its own: the Studio offers "Discard changes" only where a published version exists.
    await lake.store.mutate([{ createOrReplace: { _id: 'page-about-us', _type: 'page', title: 'About us' } }])
    const page = await openStudio('/intent/edit/id=page-about-us;type=page/')
    const title = page.locator('input#title')
    await until('the title is editable', () => title.isEditable(), 60_000)
    await title.fill('About us – our licensed team')
    await until('the edit is saved as a draft', async () => lake.store.get('drafts.page-about-us')?.title === 'About us – our licensed team')
    const edited = lake.store.get('drafts.page-about-us')!._rev!
    await discardChanges(page)
    await until('the draft is gone', async () => lake.store.get('drafts.page-about-us') === null)
    // History: the revision with the edit, opened as the history list opens it, then Restore.
    // A revision's address names its time and its transaction (what the History list links to).
    const editedAt = lake.store.history.find((transaction) => transaction.id === edited)!.timestamp
    await page.goto(`${site.url}/studio/structure/page;page-about-us,rev=${encodeURIComponent(`${editedAt}/${edited}`)}`, { timeout: 120_000 })
    await until('the edited revision is shown', async () => (await page.locator('input#title').inputValue()) === 'About us – our licensed team', 60_000)
    await shot(page, 'editor-history-revision')
    // A published page's revision is restored and published in one step ("Restore and publish"), then confirmed.
    const restore = page.getByTestId('pane-footer').getByRole('button', { name: 'Restore and publish' })
    await untilSteady('Restore and publish is offered', () => restore.isEnabled(), 60_000)
    await restore.click()
    await page.getByTestId('restore-dialog').getByRole('button', { name: 'Restore and publish' }).click({ timeout: 30_000 })
    await until('the edit is back and published', async () => lake.store.get('page-about-us')?.title === 'About us – our licensed team' && lake.store.get('drafts.page-about-us') === null, 30_000)
    await shot(page, 'editor-history-restored')
    await lake.store.mutate([{ delete: { id: 'drafts.page-about-us' } }, { delete: { id: 'page-about-us' } }])
    await leave(page)
  })
})

describe('the Studio says where a thing is, truly', { timeout: 240_000 }, () => {
  it('the bald-faced hornet FAQ lists exactly the page that shows it', async () => {
    const page = await openStudio('/intent/edit/id=faq-hornet-3;type=faq/')
    const banner = page.getByText('This question is shown on 1 page')
    await banner.waitFor({ timeout: 60_000 })
    await banner.click()
    await page.getByText('/hornet-nest-removal-near-me').first().waitFor({ timeout: 30_000 })
    for (const elsewhere of ['/v2', '/exterminator']) expect(await page.getByText(elsewhere, { exact: true }).count()).toBe(0)
    await shot(page, 'editor-faq-where-used')
    await leave(page)
  })

  it('a new page shows no address until it has one', async () => {
    const page = await openStudio('/intent/create/template=page;type=page/')
    await page.locator('input#title').waitFor({ timeout: 60_000 })
    await page.getByText(/Not on the site yet/).first().waitFor({ timeout: 30_000 })
    expect(await page.getByText(/Used on/).count()).toBe(0)
    await shot(page, 'editor-new-page-no-address')
    await leave(page)
  })

  it('the search lists the home page at /', async () => {
    const page = await openStudio('')
    await page.getByText('Pages', { exact: true }).first().waitFor({ timeout: 60_000 })
    await page.getByRole('button', { name: 'Open search' }).click({ timeout: 30_000 })
    await page.keyboard.type('Home generic')
    const result = page.locator('[data-testid="search-results"], [role="listbox"], [role="dialog"]').getByText('Home – generic landing page').first()
    await result.waitFor({ timeout: 30_000 })
    await page.getByText('/ (home page)').first().waitFor({ timeout: 30_000 })
    expect(await page.getByText('/home', { exact: true }).count()).toBe(0)
    await shot(page, 'editor-search-home')
    await leave(page)
  })

  it('choosing another page in Presentation moves the preview there', async () => {
    const page = await openStudio('/presentation?preview=%2F')
    const h1 = page.frameLocator('iframe').first().locator('h1').first()
    await until('the preview shows the home page', async () => (await h1.isVisible()) && stegaClean(await h1.innerText()).length > 0, 60_000)
    // Once the preview is connected the editor picks "Mice repellents" from the search, as on any page of the Studio.
    // The frame takes the focus when it connects, which closes an open search: a search closed under the typing is
    // opened again, counted as a retry.
    await until('the preview is connected', async () => !(await page.getByText(/^Loading/).first().isVisible()), 60_000)
    const query = page.getByPlaceholder(/Search/).last()
    const moved = () => new URL(page.url()).searchParams.get('preview') === '/mice-repellents'
    let searches = 0
    await until(
      'the preview moved to /mice-repellents',
      async () => {
        if (moved()) return true
        if (searches++ > 0) noteRetry('Presentation: the search closed before the page was picked (the frame took the focus); opened again')
        if (!(await query.isVisible())) await page.getByRole('button', { name: 'Open search' }).click({ timeout: 10_000 })
        await query.fill('Mice repellents', { timeout: 10_000 })
        await page.getByText('Mice repellents vs. professional removal').first().click({ timeout: 10_000 })
        await until('the address names the page', async () => moved(), 10_000)
        return true
      },
      90_000,
    )
    const frameUrl = () => page.frames().find((frame) => frame !== page.mainFrame())?.url() ?? ''
    // The Studio moves the frame over its connection to the page's visual editing; a tab whose connection never
    // came back (the unsettled Studio of docs/testing.md) is reloaded once, counted, at the address it shows.
    const frameMoved = (ms: number) =>
      until('the frame shows /mice-repellents', async () => new URL(frameUrl()).pathname === '/mice-repellents', ms).catch((error: Error) => {
        throw new Error(`${error.message}; the frame is at ${frameUrl()}; ${unanswered(page)}`)
      })
    await settledOrReloaded(page, 'The preview moved', frameMoved, 30_000, 60_000, async () => undefined)
    await shot(page, 'editor-presentation-leads')
    // Click-to-edit on the local lake: its answers carry source maps, so the headline's text opens its field.
    await until('the frame is connected', async () => !(await page.getByText(/^Loading/).first().isVisible()), 60_000)
    await page.frameLocator('iframe').first().locator('h1').first().click()
    await until('the headline’s field is open', async () => /page-mice-repellents\/blocks/.test(decodeURIComponent(page.url())), 30_000)
    await page.getByRole('dialog').last().evaluate((dialog) => Promise.all(dialog.getAnimations({ subtree: true }).map((animation) => animation.finished)))
    await shot(page, 'editor-presentation-click-to-edit')
    await leave(page)
  })
})

describe('the editor’s words', { timeout: 240_000 }, () => {
  it('the Calls tool waits for visitors of a running test without naming a missing version', async () => {
    const page = await openStudio('/calls')
    await page.getByText('No visitors yet: the verdict appears once visitors of each version are counted.').waitFor({ timeout: 60_000 })
    await page.getByText('1 automated visit (search engines and other programs) left out of the counts.', { exact: false }).waitFor()
    expect(await page.getByText(/at least two versions|README/).count()).toBe(0)
    await shot(page, 'editor-calls-no-visitors')
    await leave(page)
  })

  it('“spring_promo”, “Spring Promo” and “spring-promo” are one campaign rule, and the rule shows the addresses it matches', async () => {
    const settings = lake.store.get('siteSettings')!
    await lake.store.mutate([
      { createOrReplace: { ...settings, _id: 'drafts.siteSettings', trackingNumbers: [{ _key: 'r1', _type: 'trackingNumberRule', match: 'campaign', value: 'spring_promo', phone: '+12125550101' }] } },
    ])
    const page = await openStudio('/intent/edit/id=siteSettings;type=siteSettings/')
    await publish(page, lake, 'siteSettings')
    const numberOn = async (query: string) => (await status(`/?${query}`)).body.includes('tel:+12125550101')
    await until('the rule is live', () => numberOn('utm_campaign=spring_promo'), 60_000)
    for (const query of ['utm_campaign=Spring+Promo', 'utm_campaign=spring-promo', 'utm_campaign=SPRING_PROMO']) expect(await numberOn(query), query).toBe(true)
    expect(await numberOn('utm_campaign=summer_promo')).toBe(false)
    // The rule in the Studio: its value and the landing addresses it matches.
    await page.getByText('Campaign: spring_promo').first().click({ timeout: 30_000 })
    await page.getByTestId('rule-matches').getByText('/?utm_campaign=spring-promo', { exact: false }).waitFor({ timeout: 30_000 })
    // The dialog has finished opening before its picture is taken.
    await page.getByRole('dialog').last().evaluate((dialog) => Promise.all(dialog.getAnimations({ subtree: true }).map((animation) => animation.finished)))
    await shot(page, 'editor-campaign-rule')
    await leave(page)
  })
})
