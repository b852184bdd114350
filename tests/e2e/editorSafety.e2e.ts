import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { chromium } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hold } from './exclusive'
import { startLocalLake, type LocalLake } from '../../scripts/lake/server.ts'
import { siteEnvOnLake } from '../../scripts/lake/siteEnv.ts'
import { DEFAULT_LAKE_PORT, SANITY_API_VERSION } from '../../web/lib/config'
import { CHROMIUM_ARGS, CHROMIUM_PATH, recordCertificateRefusals, STUDIO_CONTEXT } from './browser'
import { startSite, type NextServer } from './nextServer'
import { documentInSync, footerState, navigateStudio, publish, publishEnabled, untilSteady, watchRequests } from './studioSession'

/**
 * An editor cannot quietly change what a page means: the real Studio (the production build) in Chromium on
 * the local Content Lake, one warm Studio page shared by the tests. Deleting a pest a published page uses is
 * refused, naming the page; a pest page's Photo switch shows its pest's photo after one publish; a question
 * created from a page is live after one publish; a restored version is live after the restore step; the production Studio has no developer tool (Vision).
 * Each flow waits for the Studio's own settled state (the document's form shown, the action enabled) before it acts, and acts once.
 *
 * The lake answers over plain HTTP, as `npm run dev` starts it, and Chromium runs with no certificate exceptions,
 * so the Studio opening here is the first run an editor sees.
 */
const ROOT = path.resolve(import.meta.dirname, '../..')
// The production build's Studio talks to the local lake where `npm run dev` runs it (plain HTTP on 3334).
const LAKE_PORT = Number(DEFAULT_LAKE_PORT)
const SITE_PORT = 4510
const SECRET = 'editor-safety-webhook-secret'
const env = siteEnvOnLake({ port: LAKE_PORT, webhookSecret: SECRET, readToken: 'local-lake' })
/** EDITOR_SHOTS=folder saves each dialog's screenshot (docs/screens holds the reviewed ones). */
const SHOTS = process.env.EDITOR_SHOTS

let dataDir: string
let lake: LocalLake
let site: NextServer
let browser: Browser
let context: BrowserContext
let studio: Page
let releaseLake: (() => void) | undefined
/** What the Studio logged as errors and any request refused for its certificate: a failing step's evidence. */
const studioErrors: string[] = []
const certificateErrors: string[] = []

beforeAll(async () => {
  releaseLake = await hold('studio-lake')
  dataDir = mkdtempSync(path.join(tmpdir(), 'editor-safety-'))
  copyFileSync(path.join(ROOT, 'studio/dataset/production.ndjson'), path.join(dataDir, 'production.ndjson'))
  lake = await startLocalLake({
    dataDir,
    port: LAKE_PORT,
    webhook: { url: `http://127.0.0.1:${SITE_PORT}/api/revalidate`, secret: SECRET },
  })
  site = await startSite(SITE_PORT, env)
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  context = await browser.newContext(STUDIO_CONTEXT)
  studio = await studioTab()
  await studio.goto(`${site.url}/studio/structure`, { timeout: 120_000 })
  await studio.getByText('Pest pages', { exact: true }).first().waitFor({ timeout: 120_000 })
  if (SHOTS) mkdirSync(SHOTS, { recursive: true })
}, 900_000)

/** A Studio tab whose errors and certificate refusals are kept as a failing step's evidence. */
async function studioTab(): Promise<Page> {
  const tab = await watchRequests(await context.newPage())
  tab.on('console', (message) => {
    if (message.type() === 'error') studioErrors.push(message.text().slice(0, 300))
  })
  recordCertificateRefusals(tab, certificateErrors)
  return tab
}

afterAll(async () => {
  await browser?.close()
  await site?.stop()
  await lake?.close()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  releaseLake?.()
})

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const started = Date.now()
  while (Date.now() - started < timeoutMs) {
    if (await check().catch(() => false)) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`)
}

async function shot(name: string, page: Page = studio) {
  if (!SHOTS) return
  // Dialogs and toasts fade in: the picture is taken once their animations have finished.
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))))
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) })
}

async function body(pathname: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`${site.url}${pathname}`)
  return { status: response.status, text: await response.text() }
}

/** Opens a document in the warm Studio (moved, not reloaded) and waits until its form and actions are the Studio's settled ones. */
async function openDocument(id: string, type: string) {
  await navigateStudio(studio, `/studio/intent/edit/id=${id};type=${type}/`)
  await studio.getByTestId('pane-footer').getByTestId('action-menu-button').waitFor({ timeout: 60_000 })
  // The Studio's own "loaded" mark: the form is no longer read-only while it syncs.
  await until('the document is loaded', async () => (await studio.locator('[data-testid="document-panel-scroller"]').count()) > 0 && !(await studio.getByText('Loading document').isVisible()), 60_000)
}

describe('one home for each photo', { timeout: 240_000 }, () => {
  it('with the Photo switch on for /ants, the Ants pest’s photo is on /ants and /?kw=ant+exterminator after one publish', async () => {
    // The photo the editor set on the Ants pest (published): uploaded to the lake as the Studio uploads it.
    const png = await studio.screenshot({ clip: { x: 0, y: 0, width: 300, height: 200 } })
    const upload = await fetch(`${lake.url}/v${SANITY_API_VERSION}/assets/images/production?filename=ants.png`, { method: 'POST', headers: { 'content-type': 'image/png' }, body: new Uint8Array(png) })
    const asset = ((await upload.json()) as { document: { _id: string; url: string } }).document
    await lake.store.mutate([{ patch: { id: 'pest-ant', set: { image: { _type: 'image', asset: { _type: 'reference', _ref: asset._id } } } } }])
    const fileName = path.basename(asset.url)
    await until('the keyword page shows the photo', async () => (await body('/?kw=ant+exterminator')).text.includes(fileName), 60_000)
    expect((await body('/ants')).text).not.toContain(fileName)

    await openDocument('pestPage-ants', 'pestPage')
    const toggle = studio.getByRole('checkbox', { name: /Show the pest’s photo under the hero/ })
    await until('the switch can be used', () => toggle.isEditable(), 30_000)
    await toggle.check()
    await until('the switch is on the draft', async () => (lake.store.get('drafts.pestPage-ants')?.image as { show?: boolean } | undefined)?.show === true)
    // Clicked once the document is in sync and Publish enabled at three looks (a click during a validation re-run does nothing).
    await publish(studio, lake, 'pestPage-ants')
    expect((lake.store.get('pestPage-ants')?.image as { show?: boolean } | undefined)?.show).toBe(true)
    await until('/ants shows the photo', async () => (await body('/ants')).text.includes(fileName), 60_000)
    expect((await body('/?kw=ant+exterminator')).text).toContain(fileName)
  })
})

describe('nothing a published page uses goes from under it', { timeout: 240_000 }, () => {
  it('deleting the Ants pest is refused, naming /ants, and the site is unchanged', async () => {
    const before = await body('/ants')
    await openDocument('pest-ant', 'pest')
    // Settled first: the pest loaded and in sync, so its actions (and the menu holding them) are not rebuilt under the click.
    await documentInSync(studio)
    await studio.getByTestId('pane-footer').getByTestId('action-menu-button').click()
    const item = studio.getByRole('menuitem', { name: /Delete/ })
    await until('Delete is offered once the pages using it are known', () => item.isEnabled(), 30_000)
    await item.click()
    const dialog = studio.getByRole('dialog').filter({ hasText: 'cannot be deleted' })
    await dialog.waitFor({ timeout: 30_000 })
    const said = await dialog.innerText()
    expect(said).toMatch(/“Ants” cannot be deleted: \d+ published pages use this pest/)
    expect(said).toContain('/ants — Ants: is the page about this pest')
    expect(said).toContain('First choose another pest on these pages')
    expect(said).not.toMatch(/document/i)
    await shot('editor-delete-refused')
    await studio.keyboard.press('Escape')
    expect(lake.store.get('pest-ant')).not.toBeNull()
    const after = await body('/ants')
    expect(after.status).toBe(200)
    expect(after.text.includes('/illustrations/ant.svg')).toBe(before.text.includes('/illustrations/ant.svg'))
    expect(after.text).not.toContain('/illustrations/bed-bug.svg')
  })
})

describe('one change, one publish', { timeout: 240_000 }, () => {
  it('a question created from the hornet page is live after one publish, named on the button', async () => {
    // What the Studio saves when the editor presses “Create new” in the page's FAQ section and writes the question:
    // the new question as a draft, and the page's draft with a weak reference to it, strengthened on publish.
    const page = lake.store.get('page-hornet-nest-removal-near-me')! as unknown as Record<string, unknown> & { blocks: { _type: string; faqs?: unknown[] }[] }
    const blocks = structuredClone(page.blocks)
    const faqList = blocks.find((block) => block._type === 'faqList')!
    faqList.faqs = [...(faqList.faqs ?? []), { _type: 'reference', _key: 'new-question', _ref: 'faq-hornets-return', _weak: true, _strengthenOnPublish: { type: 'faq' } }]
    await lake.store.mutate([
      { createOrReplace: { _id: 'drafts.faq-hornets-return', _type: 'faq', question: 'Will the hornets come back next year?', answer: [{ _type: 'block', _key: 'a', style: 'normal', markDefs: [], children: [{ _type: 'span', _key: 's', text: 'Rarely: a removed nest is not reused.', marks: [] }] }] } },
      { createOrReplace: { ...page, _id: 'drafts.page-hornet-nest-removal-near-me', blocks } },
    ])
    // A Studio opened for this change, not the tab the tests before it moved around: a long-lived tab moved to a page
    // now and then never finished validating it, while a fresh one did (docs/testing.md, "The Studio that does not settle").
    const tab = await studioTab()
    await tab.goto(`${site.url}/studio/intent/edit/id=page-hornet-nest-removal-near-me;type=page/`, { timeout: 120_000 })
    // The button's name says the Studio has the draft the editor made, with its new question.
    const publish = tab.getByTestId('pane-footer').getByRole('button', { name: 'Publish page and 1 new question' })
    await publish.waitFor({ timeout: 60_000 })
    // The Studio's own state first: the page loaded and nothing still saving, so the one click publishes what is on the lake.
    await documentInSync(tab)
    await publishEnabled(tab, publish)
    await shot('editor-publish-with-new-question', tab)
    const writes = lake.requests.length
    // What the footer showed from the click on (the button's name and state, the status line, toasts): the evidence if it fails.
    const seen = [await footerState(tab, publish)]
    await publish.click()
    await until('the page and the question are published', async () => {
      const state = await footerState(tab, publish)
      if (seen.at(-1) !== state) seen.push(state)
      return lake.store.get('faq-hornets-return') !== null && lake.store.get('drafts.page-hornet-nest-removal-near-me') === null
    }, 30_000).catch((error: Error) => {
      const sent = lake.requests.slice(writes).filter((request) => /\/data\/(mutate|actions)\//.test(request))
      throw new Error(`${error.message}; footer: ${seen.join(' → ')}; lake writes since the click: ${sent.join(', ') || 'none'}; errors: ${studioErrors.slice(-5).join(' | ')}`)
    })
    await until('the question is on the live page', async () => (await body('/hornet-nest-removal-near-me')).text.includes('Will the hornets come back next year?'), 60_000)
    await tab.close()
  })
})

describe('restore means restore', { timeout: 240_000 }, () => {
  it('a restored version of a published page is live after the restore step', async () => {
    const terms = lake.store.get('legal-terms-of-service')!
    await lake.store.mutate([{ createOrReplace: { ...terms, title: 'Terms of Service (2026 edition)' } }])
    const wanted = lake.store.get('legal-terms-of-service')!._rev!
    await lake.store.mutate([{ createOrReplace: { ...terms, title: 'Terms of Service (draft wording)' } }])
    await until('the site shows the newer title', async () => (await body('/terms-of-service')).text.includes('Terms of Service (draft wording)'), 60_000)
    const at = lake.store.history.find((transaction) => transaction.id === wanted)!.timestamp
    await studio.goto(`${site.url}/studio/structure/legalPage;legal-terms-of-service,rev=${encodeURIComponent(`${at}/${wanted}`)}`, { timeout: 120_000 })
    await until('the version is shown', async () => (await studio.locator('input#title').inputValue()) === 'Terms of Service (2026 edition)', 60_000)
    const restore = studio.getByTestId('pane-footer').getByRole('button', { name: 'Restore and publish' })
    await untilSteady('Restore and publish is offered', () => restore.isEnabled(), 60_000)
    await restore.click()
    const dialog = studio.getByTestId('restore-dialog')
    await dialog.waitFor({ timeout: 30_000 })
    await shot('editor-restore-and-publish')
    await dialog.getByRole('button', { name: 'Restore and publish' }).click()
    await studio.getByText('/terms-of-service now shows the restored version.').waitFor({ timeout: 30_000 })
    await studio.getByText('Restored and published').first().waitFor({ timeout: 10_000 })
    await shot('editor-restored-live')
    expect(lake.store.get('legal-terms-of-service')!.title).toBe('Terms of Service (2026 edition)')
    expect(lake.store.get('drafts.legal-terms-of-service')).toBeNull()
    await until('the site shows the restored title', async () => (await body('/terms-of-service')).text.includes('Terms of Service (2026 edition)'), 60_000)
  })
})

describe('editors see editor screens', { timeout: 120_000 }, () => {
  it('a production Studio has no Vision tool, and no Studio tab of this file was refused the lake for its certificate', async () => {
    await studio.goto(`${site.url}/studio/structure`, { timeout: 120_000 })
    await studio.getByText('Pest pages', { exact: true }).first().waitFor({ timeout: 60_000 })
    // The navigation bar lays its tool links out once it has measured its width, after the list has rendered.
    await studio.getByRole('link', { name: 'Presentation' }).first().waitFor({ timeout: 30_000 })
    expect(await studio.getByRole('link', { name: 'Vision' }).count()).toBe(0)
    // Every Studio tab of this file so far (the first run's first of all): no lake request refused for its certificate,
    // never the page that says the lake is not answering. A new browser profile's first run: studio.e2e.ts, devServer.e2e.ts.
    expect(certificateErrors).toEqual([])
    expect(await studio.getByText('The local Content Lake is not answering').count()).toBe(0)
    expect((await studio.goto(`${site.url}/studio/vision`))?.status()).toBe(200)
    await studio.getByText(/not found|does not exist/i).first().waitFor({ timeout: 60_000 })
    expect(await studio.getByText('PERSPECTIVE', { exact: true }).count()).toBe(0)
  })
})

describe('a pest removed from the content', { timeout: 180_000 }, () => {
  it('with the Ants pest removed in the dataset, /ants, /?kw=ant+exterminator and / show no other pest’s picture', async () => {
    // Not through the Studio (it refuses): the document gone from the dataset, as an import or a script could do.
    const drawings = (html: string) => [...new Set([...html.matchAll(/\/illustrations\/([a-z-]+)\.svg/g)].map((match) => match[1]))]
    const defaultPicture = /<img alt=""[^>]*src="\/illustrations\/ant\.svg"/
    expect((await body('/')).text).not.toMatch(defaultPicture)
    await lake.store.mutate([{ delete: { id: 'pest-ant' } }])
    // The home page's Pest photo section names the Ants pest: once it renders without it, the server log says why.
    await until('the server log says why the home page shows the default picture', async () => {
      await body('/')
      return site.logs.some((line) => /\[pest\] .*not in the published content/.test(line))
    }, 60_000).catch(async (error: Error) => {
      const home = (await body('/')).text
      const kw = (await body('/?kw=ant+exterminator')).text
      const imgs = (html: string) => [...html.matchAll(/<img [^>]*>/g)].map((m) => m[0].replace(/class="[^"]*"|style="[^"]*"/g, '').slice(0, 250)).join(' ; ')
      const lakeSays = await (await fetch(`${lake.url}/v${SANITY_API_VERSION}/data/query/production?query=${encodeURIComponent('*[_type == "pest" && imageFile == "ant"]{_id, _rev}')}`)).text()
      throw new Error(`${error.message}; lake query: ${lakeSays}; webhooks: ${JSON.stringify(lake.webhooks.slice(-2))}; pest-ant: ${JSON.stringify(lake.store.get('pest-ant'))}; / imgs: ${imgs(home)}; kw imgs: ${imgs(kw)}`)
    })
    // The default picture (the ant drawing, described as no pest in particular), never a bed bug or another pest's.
    await until('/ shows the default picture', async () => defaultPicture.test((await body('/')).text), 30_000)
    for (const address of ['/ants', '/?kw=ant+exterminator', '/']) {
      const page = await body(address)
      expect([address, page.status]).toEqual([address, 200])
      expect([address, drawings(page.text).filter((name) => name !== 'ant')]).toEqual([address, []])
    }
    expect((await body('/?kw=ant+exterminator')).text).toMatch(defaultPicture)
  })
})

