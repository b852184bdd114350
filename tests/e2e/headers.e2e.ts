import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, VIEWPORTS } from './browser'
import { expectedSite } from './expected'
import { sharedSiteUrl } from './sharedSite'

const baseUrl = sharedSiteUrl()
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

  it.each(['/', '/ants', '/no-such-page', '/?kw=wasp+removal&loc_physical_ms=1026339', '/exterminator'])(
    '%s allows only its own inline scripts, by hash',
    async (path) => {
      for (const request of ['first', 'repeat']) {
        const response = await fetch(`${baseUrl}${path}`)
        const scriptSrc = (response.headers.get('content-security-policy') ?? '').split(';').find((directive) => directive.trim().startsWith('script-src')) ?? ''
        const html = await response.text()
        // JSON (structured data, the call tracker's settings) is data, not script: outside the policy.
        const inlineScripts = [...html.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*type="application\/(?:ld\+)?json")[^>]*>/g)].length
        expect(scriptSrc, `${request} request`).not.toContain("'unsafe-inline'")
        expect(inlineScripts).toBeGreaterThan(0)
        expect(scriptSrc.match(/'sha256-[A-Za-z0-9+/]{43}='/g)?.length).toBe(inlineScripts)
      }
    },
  )

  it('blocks an inline script that is not part of the page', async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.phone })
    await page.goto(`${baseUrl}/ants`, { waitUntil: 'networkidle' })
    const outcome = await page.evaluate(
      () =>
        new Promise<{ ran: boolean; violation: string }>((resolve) => {
          document.addEventListener('securitypolicyviolation', (event) =>
            resolve({ ran: Boolean((window as unknown as { __injected?: boolean }).__injected), violation: event.violatedDirective }),
          )
          const script = document.createElement('script')
          script.textContent = 'window.__injected = true'
          document.body.append(script)
        }),
    )
    expect(outcome).toEqual({ ran: false, violation: 'script-src-elem' })
    // The page's own scripts do run: at the visitor's first move (this page waits for it), Next's client runtime starts.
    await page.mouse.move(20, 20)
    await page.waitForFunction(() => typeof (window as unknown as { next?: { version?: string } }).next?.version === 'string', undefined, { timeout: 30_000 })
    await page.close()
  })

  it('treats an address that only starts like the Studio as a page, not as the Studio', async () => {
    const response = await fetch(`${baseUrl}/studio-cleaning`)
    expect(response.status).toBe(404)
    const csp = response.headers.get('content-security-policy') ?? ''
    expect(csp).toMatch(/script-src 'self' 'sha256-/)
    expect(csp).not.toContain('sanity-cdn.com')
  })

  it('answers /studio with the site’s not-found page when no Sanity project is configured (the Studio’s own policy: studio.e2e.ts)', async () => {
    const response = await fetch(`${baseUrl}/studio`)
    expect(response.status).toBe(404)
    const csp = response.headers.get('content-security-policy') ?? ''
    expect(csp).toMatch(/script-src 'self' 'sha256-/)
    expect(csp).not.toContain('sanity-cdn.com')
    expect(await response.text()).not.toMatch(/Content Lake|npm run dev/)
  })

  it('triggers no CSP violation on any route, the Studio included', async () => {
    const violations: string[] = []
    for (const path of [...routes.map((route) => route.path), '/?kw=ant+control&loc_physical_ms=1026339', '/studio']) {
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
    // Every route is loaded to network idle, one after another: about 2 s each on a shared 2-core machine.
  }, 180_000)
})
