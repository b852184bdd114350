/**
 * Probe for issue 27's "dropped Publish click" (not part of the suite; needs a production build): clicks Publish
 * right after an edit, while the Studio's footer still says "Saving…", N times, and prints what the Studio showed and
 * what reached the local lake. FLOW=settings (default: the phone field of Site settings) or FLOW=page (a new page with
 * a Hero, published as soon as Publish is enabled). Run: N=8 FLOW=page node_modules/node/bin/node tests/e2e/publishRace.probe.ts
 */
import { copyFileSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium } from 'playwright-core'
import { startLocalLake } from '../../scripts/lake/server.ts'
import { siteEnvOnLake } from '../../scripts/lake/siteEnv.ts'
import { DEFAULT_LAKE_PORT } from '../../web/lib/config.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser.ts'
import { startSite } from './nextServer.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')
const LAKE_PORT = Number(DEFAULT_LAKE_PORT)
const dataDir = mkdtempSync(path.join(tmpdir(), 'race-'))
copyFileSync(path.join(ROOT, 'studio/dataset/production.ndjson'), path.join(dataDir, 'production.ndjson'))
const lake = await startLocalLake({ dataDir, port: LAKE_PORT, webhook: { url: 'http://127.0.0.1:3197/api/revalidate', secret: 's' } })
const site = await startSite(3197, siteEnvOnLake({ port: LAKE_PORT, webhookSecret: 's', readToken: 'local-lake' }))
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
const page = await context.newPage()
await page.goto(`${site.url}/studio/structure/siteSettings`, { timeout: 120_000 })
const phone = page.locator('input#phone')
await phone.waitFor({ timeout: 120_000 })
const button = page.getByTestId('action-publish')
const N = Number(process.env.N || 12)
if (process.env.FLOW === 'page') {
  for (let i = 0; i < N; i++) {
    const p = await context.newPage()
    await p.goto(`${site.url}/studio/intent/create/template=page;type=page/`, { timeout: 120_000 })
    const title = p.locator('input#title')
    await title.waitFor({ timeout: 60_000 })
    await title.fill(`Race Page ${i}`)
    await p.getByRole('button', { name: 'Generate' }).click()
    await p.getByTestId('field-blocks').getByRole('button', { name: /Add item/ }).click()
    await p.getByRole('menuitem', { name: /^Hero/ }).first().click()
    const dialog = p.getByRole('dialog')
    await dialog.getByLabel('Headline', { exact: true }).fill(`Race Headline ${i}`)
    await dialog.getByLabel('Subheadline', { exact: true }).fill('Licensed local pros, same week')
    await dialog.getByRole('button', { name: 'Close dialog' }).click()
    const seoTab = p.getByTestId('field-group-tabs').getByText('Search engines')
    if (await seoTab.isVisible()) await seoTab.click()
    await p.locator('[data-testid="field-seo.title"] input').fill(`Race Page ${i}`)
    await p.locator('[data-testid="field-seo.description"] textarea').fill('Spring termite treatment from licensed local pros.')
    const id = /;([0-9a-f-]{36})/.exec(decodeURIComponent(p.url()))![1]!
    const b = p.getByTestId('action-publish')
    const mark = lake.requests.length
    const footer = async () => (await p.locator('[data-testid="pane-footer"]').innerText().catch(() => '?')).replace(/\s+/g, ' ').slice(0, 80)
    const atClick = { footer: await footer(), disabled: await b.isDisabled() }
    const t0 = Date.now()
    let clicked = 'ok'
    // An editor clicks Publish as soon as it is enabled.
    await b.click({ timeout: 30_000 }).catch((e: Error) => (clicked = e.message.split('\n')[0]!))
    const timeline: string[] = []
    let published = false
    while (Date.now() - t0 < 15_000) {
      const line = `${(await b.innerText().catch(() => '?')).trim()}|${await b.isDisabled().catch(() => null)}|${await footer()}`
      if (timeline.at(-1) !== line) timeline.push(line)
      if (lake.store.get(id) && lake.store.get(`drafts.${id}`) === null) {
        published = true
        break
      }
      await p.waitForTimeout(100)
    }
    const writes = lake.requests.slice(mark).filter((r) => /\/data\/(mutate|actions)\//.test(r) && !r.startsWith('OPTIONS')).length
    console.log(`page #${i} published=${published} in ${Date.now() - t0} ms; at click ${JSON.stringify(atClick)}; click ${clicked}; ${writes} writes after click\n   states: ${timeline.join(' → ')}`)
    await p.close()
  }
  await browser.close()
  await site.stop()
  await lake.close()
  process.exit(0)
}
const results: string[] = []
for (let i = 0; i < N; i++) {
  await page.waitForFunction(() => !document.querySelector('[data-testid="action-publish"]')?.hasAttribute('disabled') || true)
  const before = lake.store.get('siteSettings')?._rev
  const mark = lake.requests.length
  await phone.fill(`+1212555${String(1000 + i)}`)
  const delay = Number(process.env.DELAY ?? 0) * (i % 4)
  if (delay) await page.waitForTimeout(delay)
  const state = async () => ({
    footer: (await page.locator('[data-testid="pane-footer"]').innerText().catch(() => '?')).replace(/\s+/g, ' ').slice(0, 80),
    label: (await button.innerText().catch(() => '?')).trim(),
    disabled: await button.isDisabled().catch(() => null),
  })
  const atClick = await state()
  const t0 = Date.now()
  let clicked = 'ok'
  await button.click({ timeout: 5000 }).catch((e: Error) => (clicked = e.message.split('\n')[0]!))
  let published = false
  const timeline: string[] = []
  while (Date.now() - t0 < 15_000) {
    const s = await state()
    const line = `${s.label}|${s.disabled}|${s.footer}`
    if (timeline.at(-1) !== line) timeline.push(line)
    const rev = lake.store.get('siteSettings')?._rev
    if (rev !== before && lake.store.get('drafts.siteSettings') === null) {
      published = true
      break
    }
    await page.waitForTimeout(100)
  }
  const writes = lake.requests.slice(mark).filter((r) => /\/data\/(mutate|actions)\//.test(r)).map((r) => r.replace(/\?.*/, ''))
  results.push(`#${i} delay=${delay} published=${published} in ${Date.now() - t0} ms; at click: ${JSON.stringify(atClick)}; click: ${clicked}\n   writes after fill: ${writes.join(', ')}\n   states: ${timeline.join(' → ')}`)
  console.log(results.at(-1))
  if (!published) {
    // Recover as an editor would: click Publish again once it is offered.
    await button.click({ timeout: 30_000 }).catch(() => {})
    await page.waitForTimeout(3000)
  }
}
await browser.close()
await site.stop()
await lake.close()
process.exit(0)
