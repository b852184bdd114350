import { describe, expect, it } from 'vitest'
import { formatUsPhone } from '../../web/lib/phone'
import { expectedSite } from './expected'
import { sharedSiteUrl } from './sharedSite'

const baseUrl = sharedSiteUrl()
const { settings, routes } = await expectedSite()

/** The site's own address as the server prints it (NEXT_PUBLIC_SITE_URL, else the default). */
const origin = new URL(process.env.NEXT_PUBLIC_SITE_URL || 'http://localhost:3000').origin

describe('search-engine files', () => {
  it('/sitemap.xml lists every indexable route, none of the noindex ones, at absolute addresses with lastmod', async () => {
    const response = await fetch(`${baseUrl}/sitemap.xml`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/xml/)
    const xml = await response.text()
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])
    const indexable = routes.filter((route) => route.robots.startsWith('index')).map((route) => `${origin}${route.path === '/' ? '/' : route.path}`)
    expect(locs.sort()).toEqual(indexable.sort())
    expect(routes.some((route) => route.robots.startsWith('noindex'))).toBe(true)
    expect([...xml.matchAll(/<lastmod>/g)]).toHaveLength(locs.length)
  })

  it('/robots.txt points at the sitemap', async () => {
    const response = await fetch(`${baseUrl}/robots.txt`)
    expect(response.status).toBe(200)
    const text = await response.text()
    expect(text).toContain(`Sitemap: ${origin}/sitemap.xml`)
    expect(text).toMatch(/Disallow: \/studio/)
  })

  it('/ carries LocalBusiness data with the name and phone from Site settings', async () => {
    const html = await (await fetch(`${baseUrl}/`)).text()
    const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]+)<\/script>/g)].map((match) => JSON.parse(match[1]!))
    const business = blocks.find((data) => data['@type'] === 'LocalBusiness')
    expect(business).toMatchObject({ name: settings.brandName, telephone: settings.phone })
  })

  it('/exterminator’s meta description mentions the phone number from Site settings (spec 2.9)', async () => {
    const html = await (await fetch(`${baseUrl}/exterminator`)).text()
    const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1]
    expect(description).toContain(settings.phoneDisplay?.trim() || formatUsPhone(settings.phone))
    expect(description).not.toContain('{phone}')
  })
})
