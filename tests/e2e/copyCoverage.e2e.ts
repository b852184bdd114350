import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bundledDocuments, queryDocuments } from '../../web/lib/sanity/localDataset'
import { routeSlugsQuery, settingsQuery } from '../../web/content/queries'
import type { RouteSlugsQueryResult, SettingsQueryResult } from '../../web/sanity.types'
import { COPY_MARKER, isNumbersOrPunctuation, markCopy } from '../support/markCopy'
import { launchBrowser, VIEWPORTS } from './browser'
import { startSite, type NextServer } from './nextServer'

/**
 * Proof that every word is the editors': the production build serves a copy of the dataset where every
 * editable string ends in a marker, and every visible text node of every route must carry it
 * (digits and punctuation alone excepted). Prints the coverage per route.
 */
const datasetFile = path.resolve('test-results/copy-coverage/dataset.ndjson')
const marked = markCopy(bundledDocuments())
const env = { CONTENT_DATASET_FILE: datasetFile }

let site: NextServer
let browser: Browser
let paths: string[] = []

beforeAll(async () => {
  mkdirSync(path.dirname(datasetFile), { recursive: true })
  writeFileSync(datasetFile, marked.map((doc) => JSON.stringify(doc)).join('\n') + '\n')
  const settings = (await queryDocuments(marked, settingsQuery)) as NonNullable<SettingsQueryResult>
  const slugs = (await queryDocuments(marked, routeSlugsQuery)) as RouteSlugsQueryResult
  paths = [...slugs.map((slug) => (slug === settings.homeSlug ? '/' : `/${slug}`)), '/no-such-page']
  site = await startSite(4037, env)
  browser = await launchBrowser()
}, 480_000)

afterAll(async () => {
  await browser?.close()
  await site?.stop()
})

/** Visible text nodes of the page, minus dates (<time>, written from a date field) and script/style. */
async function visibleTexts(url: string, viewport: { width: number; height: number }): Promise<string[]> {
  const page = await browser.newPage({ viewport })
  await page.goto(url, { waitUntil: 'networkidle' })
  const texts = await page.evaluate(() => {
    const found: string[] = []
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim()
      const parent = node.parentElement
      if (!text || !parent || parent.closest('script, style, time, noscript')) continue
      if (!parent.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue
      found.push(text)
    }
    return found
  })
  await page.close()
  return texts
}

describe('copy coverage', () => {
  it('every visible word on every route comes from content', async () => {
    const rows: { route: string; texts: number; fromContent: number; coverage: string; missing: string }[] = []
    // Four routes at a time: each load mostly waits for the network to go quiet.
    for (let start = 0; start < paths.length; start += 4) {
      rows.push(
        ...(await Promise.all(
          paths.slice(start, start + 4).map(async (route) => {
            const texts = [
              ...(await visibleTexts(`${site.url}${route}`, VIEWPORTS.phone)),
              ...(await visibleTexts(`${site.url}${route}`, VIEWPORTS.desktop)),
            ].filter((text) => !isNumbersOrPunctuation(text))
            const missing = [...new Set(texts.filter((text) => !text.includes(COPY_MARKER)))]
            const covered = texts.length - texts.filter((text) => !text.includes(COPY_MARKER)).length
            return {
              route,
              texts: texts.length,
              fromContent: covered,
              coverage: `${((covered / Math.max(texts.length, 1)) * 100).toFixed(1)} %`,
              missing: missing.slice(0, 3).join(' | '),
            }
          }),
        )),
      )
    }
    console.log('Copy coverage: visible text nodes (390×844 and 1280×800) that an editor can change')
    console.table(rows)
    for (const row of rows) expect(row.missing, row.route).toBe('')
    // 48 page loads, each waiting for the network to go quiet.
  }, 180_000)
})
