import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from '@sanity/webhook'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalLake, type LocalLake } from '../../scripts/lake/server'
import { siteEnvOnLake } from '../../scripts/lake/siteEnv'
import { bundledDocuments } from '../../web/lib/sanity/localDataset'
import { paragraphs, PLACES, serviceAreaDocuments } from '../support/serviceAreaFixture'
import { validateSitemap } from '../support/sitemapSchema'
import { startSite, type NextServer } from './nextServer'
import { sharedSiteUrl } from './sharedSite'

/**
 * Service-area pages on the production build: served from a local Content Lake whose Site settings switch them on,
 * with providers in three states (Texas by state, Colorado Springs by ZIP codes, Tampa by place); the shared site
 * (the bundled content, where they are off) answers every such address with the not-found page. The page's parts
 * and the indexing rules in detail: web/content/serviceArea.test.ts.
 */
const LAKE_PORT = 4061
const SECRET = 'service-area-webhook-secret'
let lake: LocalLake
let site: NextServer

beforeAll(async () => {
  lake = await startLocalLake({ documents: serviceAreaDocuments(bundledDocuments()), port: LAKE_PORT })
  site = await startSite(4062, siteEnvOnLake({ port: LAKE_PORT, projectId: 'standin', webhookSecret: SECRET, readToken: 'stand-in-read-token' }))
}, 120_000)

afterAll(async () => {
  await site?.stop()
  await lake?.close()
})

async function page(path: string, base = site.url) {
  const response = await fetch(base + path)
  const html = await response.text()
  return {
    status: response.status,
    html,
    robots: /<meta name="robots" content="([^"]*)"/.exec(html)?.[1],
    links: [...html.matchAll(/href="(\/[^"]*)"/g)].map((match) => match[1]!),
    testId: (id: string) => new RegExp(`data-testid="${id}"[^>]*>([\\s\\S]*?)</ul>`).exec(html)?.[1] ?? '',
  }
}

describe('service-area pages, on', () => {
  it('answer a place served by state, by ZIP codes and by place with its providers, ZIP codes and nearby places', async () => {
    const austin = await page('/ants/texas/austin')
    expect(austin.status).toBe(200)
    expect(austin.testId('place-providers')).toContain('Lone Star Pest Pros')
    expect(austin.testId('place-zips')).toContain('78701')
    expect(austin.testId('place-nearby')).toContain('href="/ants/texas/pflugerville"')
    expect(austin.html).toContain('We service Austin and the surrounding area in TX.')
    expect(austin.html).toContain('"@type":"BreadcrumbList"')
    expect(austin.robots).toBe('noindex, follow')

    const springs = await page('/ants/colorado/colorado-springs')
    expect(springs.status).toBe(200)
    expect(springs.testId('place-providers')).toContain('Front Range Exterminators')
    expect(springs.testId('place-zips')).toContain('80903')
    expect(springs.robots).not.toContain('noindex')

    const tampa = await page('/roaches/florida/tampa')
    expect(tampa.status).toBe(200)
    expect(tampa.testId('place-providers')).toContain('Gulf Coast Pest Control')

    const texas = await page('/ants/texas')
    expect(texas.status).toBe(200)
    expect(texas.testId('state-places')).toContain('href="/ants/texas/round-rock"')
  })

  it('answer an unserved place, a pest its providers do not serve and an unknown place with the not-found page', async () => {
    for (const path of ['/ants/florida/miami', '/roaches/colorado/colorado-springs', '/ants/texas/nowhere', '/ants/nevada']) {
      const missing = await page(path)
      expect(missing.status, path).toBe(404)
      expect(missing.html, path).toContain('Oops! Page not found')
    }
  })

  it('list exactly the indexable pages in a valid sitemap index of valid sitemaps', async () => {
    const index = await (await fetch(`${site.url}/sitemap.xml`)).text()
    expect(await validateSitemap(index)).toEqual({ valid: true, errors: [] })
    const children = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname)
    expect(children).toEqual(['/sitemaps/pages.xml', '/sitemaps/pest-pages.xml', '/sitemaps/states.xml', '/sitemaps/places.xml'])
    const listed: string[] = []
    for (const child of children) {
      const xml = await (await fetch(site.url + child)).text()
      expect(await validateSitemap(xml), child).toEqual({ valid: true, errors: [] })
      const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname)
      expect(urls.length).toBeLessThanOrEqual(50_000)
      expect([...xml.matchAll(/<lastmod>/g)]).toHaveLength(urls.length)
      listed.push(...urls)
    }
    expect(listed).toEqual(expect.arrayContaining(['/ants/colorado/colorado-springs', '/ants/florida/tampa', '/ants/texas/round-rock', '/ants/texas', '/ants']))
    expect(listed).not.toContain('/ants/texas/austin')
    for (const path of listed.filter((address) => address.split('/').length > 2).slice(0, 12)) {
      const listedPage = await page(path)
      expect(listedPage.status, path).toBe(200)
      expect(listedPage.robots ?? '', path).not.toContain('noindex')
    }
  })

  it('shows a published place note within seconds, and the place becomes indexable', async () => {
    lake.documents.set('placeNote-austin', { _id: 'placeNote-austin', _type: 'placeNote', _updatedAt: new Date().toISOString(), place: PLACES.austin, text: paragraphs('Austin’s wet springs bring fire ant mounds up along the creeks.') })
    const body = JSON.stringify({ _type: 'placeNote', _id: 'placeNote-austin' })
    const response = await fetch(`${site.url}/api/revalidate`, { method: 'POST', headers: { 'content-type': 'application/json', [SIGNATURE_HEADER_NAME]: await encodeSignatureHeader(body, Date.now(), SECRET) }, body })
    expect(response.status).toBe(200)
    const started = performance.now()
    for (;;) {
      const austin = await page('/ants/texas/austin')
      if (austin.html.includes('Austin’s wet springs') && austin.robots !== 'noindex, follow') break
      if (performance.now() - started > 10_000) throw new Error('the note did not reach /ants/texas/austin within 10 s')
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    console.log(`place note published → on its page and indexable: ${Math.round(performance.now() - started)} ms`)
  }, 30_000)
})

describe('service-area pages, off (the bundled content)', () => {
  it('answer every such address with the not-found page, and keep the single sitemap', async () => {
    const shared = sharedSiteUrl()
    for (const path of ['/ants/texas/austin', '/ants/colorado/colorado-springs', '/ants/texas', '/roaches/florida/tampa']) {
      const missing = await page(path, shared)
      expect(missing.status, path).toBe(404)
      expect(missing.html, path).toContain('Oops! Page not found')
    }
    const sitemap = await (await fetch(`${shared}/sitemap.xml`)).text()
    expect(sitemap).toContain('<urlset')
    expect(await validateSitemap(sitemap)).toEqual({ valid: true, errors: [] })
    expect((await fetch(`${shared}/sitemaps/places.xml`)).status).toBe(404)
  })
})
