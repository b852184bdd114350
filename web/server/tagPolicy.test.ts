import { describe, expect, it } from 'vitest'
import { withTagSources } from './tagPolicy'

const POLICY = "default-src 'self'; script-src 'self' 'sha256-abc='; img-src 'self' data:; connect-src 'self'"
const page = (settings: object) => `<html><body><script id="call-tracking" type="application/json">${JSON.stringify(settings)}</script></body></html>`

describe('withTagSources', () => {
  it('leaves the policy of a page without a tag unchanged', () => {
    expect(withTagSources(POLICY, page({}))).toBe(POLICY)
    expect(withTagSources(POLICY, '<html></html>')).toBe(POLICY)
  })

  it("adds Google's hosts for a page that loads the tag, keeping the page's own script hashes", () => {
    const policy = withTagSources(POLICY, page({ origin: 'https://www.googletagmanager.com', ads: 'AW-123456789', label: 'x1234' }))
    expect(policy).toMatch(/script-src 'self' 'sha256-abc=' https:\/\/www\.googletagmanager\.com/)
    expect(policy).toMatch(/connect-src 'self' https:\/\/www\.googletagmanager\.com .*https:\/\/www\.google\.com/)
    expect(policy).toMatch(/frame-src 'self' https:\/\/www\.googletagmanager\.com https:\/\/td\.doubleclick\.net/)
    expect(policy).not.toContain("'unsafe-inline'")
  })

  it('refuses an origin that could smuggle sources', () => {
    expect(withTagSources(POLICY, page({ origin: "https://x.example 'unsafe-inline'", ads: 'AW-123456789' }))).toBe(POLICY)
  })
})
