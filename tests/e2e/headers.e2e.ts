import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser, VIEWPORTS } from './browser'
import { expectedSite } from './expected'

const baseUrl = inject('baseUrl')
const { routes } = await expectedSite()

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

describe('security headers', () => {
  it.each(['/', '/ants', '/no-such-page', '/?kw=ants&loc_physical_ms=1026339'])('%s has the security headers and no X-Powered-By', async (path) => {
    const response = await fetch(`${baseUrl}${path}`)
    const csp = response.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain("object-src 'none'")
    expect(csp).toContain("frame-ancestors 'self'")
    expect(csp).toContain('img-src')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(response.headers.get('permissions-policy')).toContain('camera=()')
    expect(response.headers.get('strict-transport-security')).toContain('max-age=')
    expect(response.headers.get('x-powered-by')).toBeNull()
  })

  it('gives the Studio its own single policy', async () => {
    const response = await fetch(`${baseUrl}/studio`)
    const csp = response.headers.get('content-security-policy') ?? ''
    expect(csp).toContain('https://*.sanity.io')
    expect(csp.split(', default-src')).toHaveLength(1)
  })

  it('triggers no CSP violation on any route, the Studio included', async () => {
    const violations: string[] = []
    for (const path of [...routes.map((route) => route.path), '/studio']) {
      const page = await browser.newPage({ viewport: VIEWPORTS.phone })
      await page.addInitScript(() => {
        const seen: string[] = []
        ;(window as unknown as { __csp: string[] }).__csp = seen
        document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`))
      })
      await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' })
      const found = await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)
      violations.push(...found.map((violation) => `${path}: ${violation}`))
      await page.close()
    }
    expect(violations).toEqual([])
  })
})
