import { describe, expect, it } from 'vitest'
import { inlineScriptHashes, withScriptHashes } from './scriptHashes'

// sha256("alert(1)") in base64, as a browser computes it for <script>alert(1)</script>.
const ALERT_HASH = "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='"

describe('inlineScriptHashes', () => {
  it('hashes the exact text of each executable inline script, once', () => {
    const html = '<head><script>alert(1)</script></head><body><script type="text/javascript">alert(1)</script><script id="x">b()</script></body>'
    const hashes = inlineScriptHashes(html)
    expect(hashes).toHaveLength(2)
    expect(hashes[0]).toBe(ALERT_HASH)
  })

  it('skips external scripts and data blocks such as JSON-LD', () => {
    const html =
      '<script src="/_next/static/a.js" async=""></script><script type="application/ld+json">{"@type":"FAQPage"}</script><script type=\'module\'>alert(1)</script>'
    expect(inlineScriptHashes(html)).toEqual([ALERT_HASH])
  })

  it('hashes multi-line and non-ASCII script text as UTF-8', () => {
    expect(inlineScriptHashes('<script>\nconst a = "Düsseldorf – ✓"\n</script>')[0]).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/)
  })
})

describe('withScriptHashes', () => {
  const policy = "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; object-src 'none'"

  it("replaces 'unsafe-inline' in script-src with the hashes and leaves other directives alone", () => {
    const strict = withScriptHashes(policy, [ALERT_HASH])
    expect(strict).toBe(`default-src 'self'; script-src 'self' ${ALERT_HASH}; style-src 'self' 'unsafe-inline'; object-src 'none'`)
  })

  it('adds a script-src when the policy has none', () => {
    expect(withScriptHashes("default-src 'self'", [ALERT_HASH])).toBe(`default-src 'self'; script-src 'self' ${ALERT_HASH}`)
  })

  it('with no inline scripts, allows none', () => {
    expect(withScriptHashes(policy, [])).toContain("script-src 'self';")
  })
})
