import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parseNdjson } from '@/lib/sanity/localDataset'
import { serviceAreaDocuments } from '../../tests/support/serviceAreaFixture'
import { validateSitemap } from '../../tests/support/sitemapSchema'

/**
 * The service-area loaders over content with the pages on (tests/support/serviceAreaFixture.ts: providers in three
 * states, one by state, one by ZIP codes, one by place), read in-process as the site reads a dataset file.
 */
const bundled = parseNdjson(readFileSync(path.resolve(import.meta.dirname, '../../studio/dataset/production.ndjson'), 'utf8'))
const folder = mkdtempSync(path.join(tmpdir(), 'service-area-'))
const file = path.join(folder, 'dataset.ndjson')
writeFileSync(file, serviceAreaDocuments(bundled).map((doc) => JSON.stringify(doc)).join('\n'))
const before = process.env.CONTENT_DATASET_FILE
process.env.CONTENT_DATASET_FILE = file
const { areaStaticPaths, getAreaPage } = await import('./serviceArea')
const { getSitemaps } = await import('./sitemaps')
const { urlsetXml, sitemapIndexXml } = await import('@/lib/sitemapIndex')

afterAll(() => {
  if (before === undefined) delete process.env.CONTENT_DATASET_FILE
  else process.env.CONTENT_DATASET_FILE = before
  rmSync(folder, { recursive: true, force: true })
})

async function place(path: string) {
  const page = await getAreaPage(path)
  if (page?.kind !== 'place') throw new Error(`no place page at ${path}`)
  return page
}

describe('a place page', () => {
  it('has its providers, the ZIP codes they cover, nearby served places nearest first, and is indexable when served by ZIP', async () => {
    const springs = await place('ants/colorado/colorado-springs')
    expect(springs.providers.map((provider) => provider.name)).toEqual(['Front Range Exterminators'])
    expect(springs.providers[0]!.zips).toEqual(['80903', '80904', '80905', '80906', '80907'])
    expect(springs.zips).toEqual(['80903', '80904', '80905', '80906', '80907'])
    expect(springs.indexable).toBe(true)
    expect(springs.crumbs.map((crumb) => crumb.path)).toEqual(['/ants', '/ants/colorado', '/ants/colorado/colorado-springs'])
    // Only Colorado Springs is served for ants in Colorado: no other place is near enough to link.
    expect(springs.nearby).toEqual([])
  })

  it('served only by state: every ZIP code of the place, nearby places in the state, and noindex', async () => {
    const austin = await place('ants/texas/austin')
    expect(austin.providers.map((provider) => [provider.name, provider.zips, provider.timeZone])).toEqual([['Lone Star Pest Pros', null, 'America/Chicago']])
    expect(austin.providers[0]!.hours).toContainEqual(['sat', 480, 840])
    expect(austin.zips).toContain('78701')
    expect(austin.nearby).toHaveLength(10)
    expect(austin.nearby.every((link) => link.href.startsWith('/ants/texas/'))).toBe(true)
    expect(austin.nearby.map((link) => link.name)).toContain('Pflugerville')
    expect(austin.indexable).toBe(false)
    expect(austin.stateNote?.length).toBe(1)
    expect(austin.fill).toMatchObject({ service: 'Ant Exterminator', pest: 'Ants', place: 'Austin', state: 'TX', stateName: 'Texas' })
  })

  it('indexable with a place note, which it shows', async () => {
    const roundRock = await place('ants/texas/round-rock')
    expect(roundRock.indexable).toBe(true)
    expect(roundRock.placeNote?.length).toBe(1)
  })

  it('by place: a provider of every pest serves every pest page there', async () => {
    expect((await place('roaches/florida/tampa')).providers.map((provider) => provider.name)).toEqual(['Gulf Coast Pest Control'])
    expect((await place('ants/florida/tampa')).indexable).toBe(true)
  })

  it('is not found where no active provider serves the pest', async () => {
    expect(await getAreaPage('ants/florida/miami')).toBeNull()
    expect(await getAreaPage('roaches/colorado/colorado-springs')).toBeNull()
    expect(await getAreaPage('ants/nevada')).toBeNull()
  })
})

describe('a state page', () => {
  it('links every served place, indexable when one of them is', async () => {
    const texas = await getAreaPage('ants/texas')
    expect(texas?.kind).toBe('hub')
    if (texas?.kind !== 'hub') return
    expect(texas.places.length).toBeGreaterThan(500)
    expect(texas.places).toContainEqual({ name: 'Round Rock', href: '/ants/texas/round-rock' })
    expect(texas.indexable).toBe(true)
    // The place note is the place's, for every pest: Round Rock makes each pest's Texas page indexable.
    expect((await getAreaPage('roaches/texas'))?.indexable).toBe(true)
  })
})

describe('what a build makes ahead', () => {
  it('every state page, and no place page unless Site settings list it', async () => {
    const paths = (await areaStaticPaths()).map((segments) => `/${segments.join('/')}`)
    expect(paths).toContain('/ants/texas')
    expect(paths).toContain('/ants/colorado')
    expect(paths).toContain('/roaches/florida')
    expect(paths).not.toContain('/roaches/colorado')
    expect(paths.every((address) => address.split('/').length === 3)).toBe(true)
  })
})

describe('the sitemap index', () => {
  it('lists exactly the indexable pages in valid child sitemaps', async () => {
    const sitemaps = await getSitemaps()
    if (!sitemaps.index) throw new Error('expected a sitemap index')
    expect(sitemaps.children.map((child) => child.name)).toEqual(['pages.xml', 'pest-pages.xml', 'states.xml', 'places.xml'])
    const urls = sitemaps.children.flatMap((child) => child.entries.map((entry) => new URL(entry.url).pathname))
    expect(urls).toContain('/ants/colorado/colorado-springs')
    expect(urls).toContain('/ants/texas/round-rock')
    expect(urls).toContain('/roaches/florida/tampa')
    expect(urls).toContain('/ants/texas')
    expect(urls).not.toContain('/ants/texas/austin')
    expect(urls).not.toContain('/roaches/texas/austin')
    expect(urls).not.toContain('/ants/colorado/denver')
    const places = sitemaps.children.find((child) => child.name === 'places.xml')!.entries.map((entry) => new URL(entry.url).pathname)
    expect(places.length).toBe(new Set(places).size)
    for (const address of places) expect((await getAreaPage(address.slice(1)))?.indexable, address).toBe(true)
    for (const child of sitemaps.children) {
      expect(child.entries.length).toBeGreaterThan(0)
      expect(child.entries.length).toBeLessThanOrEqual(50_000)
      expect(child.entries.every((entry) => entry.lastModified)).toBe(true)
      expect(await validateSitemap(urlsetXml(child.entries))).toEqual({ valid: true, errors: [] })
    }
    expect(await validateSitemap(sitemapIndexXml(sitemaps.children.map((child) => ({ url: `https://pests.example/sitemaps/${child.name}` }))))).toEqual({ valid: true, errors: [] })
  }, 60_000)
})
