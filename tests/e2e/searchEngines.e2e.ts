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

  it('every route carries the referral disclosure and describes a Service the site brokers, never a LocalBusiness with an address', async () => {
    // Text as React writes it into the HTML: & < > " and ' escaped.
    const unescape = (html: string) => html.replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')
    expect(settings.footerText).toMatch(/referral service.*independent/)
    for (const route of routes) {
      const html = await (await fetch(`${baseUrl}${route.path}`)).text()
      expect(unescape(html), route.path).toContain(settings.footerText)
      const data = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]+)<\/script>/g)].map((match) => JSON.parse(match[1]!))
      const services = data.filter((item) => item['@type'] === 'Service')
      expect(services, route.path).toHaveLength(1)
      expect(services[0], route.path).toMatchObject({ name: settings.brandName, broker: { '@type': 'Organization', name: settings.brandName, telephone: settings.phone }, areaServed: expect.any(Object) })
      expect(data.filter((item) => item['@type'] === 'LocalBusiness' || 'address' in item), route.path).toEqual([])
    }
  })

  it('/exterminator’s meta description mentions the phone number from Site settings (spec 2.9)', async () => {
    const html = await (await fetch(`${baseUrl}/exterminator`)).text()
    const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1]
    expect(description).toContain(settings.phoneDisplay?.trim() || formatUsPhone(settings.phone))
    expect(description).not.toContain('{phone}')
  })
})
