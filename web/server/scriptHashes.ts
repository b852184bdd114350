import { createHash } from 'node:crypto'

/**
 * A strict script policy for cached pages. Next writes its page data as inline scripts, and a
 * per-request nonce would make every page render on demand. The pages are cached, so instead each
 * HTML body's inline scripts are hashed once, when the front fetches it, and the policy lists
 * exactly those hashes: `'unsafe-inline'` goes. That stops any script added in the browser (DOM
 * injection, a compromised dependency writing inline code); it cannot tell a rendered script from
 * one injected into the render, which is React's escaping's job (tested by the fuzz test).
 */
const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi
const SRC_ATTRIBUTE = /(?:^|\s)src\s*=/i
const TYPE_ATTRIBUTE = /(?:^|\s)type\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i
/** Script types a browser executes; any other type (application/ld+json) is data, outside CSP. */
const EXECUTABLE_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript', 'text/ecmascript', 'application/ecmascript'])

/** `'sha256-…'` sources for every executable inline script in the document, each once. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const [, attributes = '', body = ''] of html.matchAll(SCRIPT_ELEMENT)) {
    if (SRC_ATTRIBUTE.test(attributes)) continue
    const type = TYPE_ATTRIBUTE.exec(attributes)
    const typeValue = (type?.[1] ?? type?.[2] ?? type?.[3] ?? '').trim().toLowerCase()
    if (!EXECUTABLE_TYPES.has(typeValue)) continue
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`)
  }
  return [...hashes]
}

/** The policy with its script-src allowing these hashes instead of any inline script. */
export function withScriptHashes(policy: string, hashes: readonly string[]): string {
  const directives = policy
    .split(';')
    .map((directive) => directive.trim())
    .filter(Boolean)
  const index = directives.findIndex((directive) => /^script-src(?:\s|$)/i.test(directive))
  const sources = index === -1 ? ["'self'"] : directives[index]!.split(/\s+/).slice(1)
  const scriptSrc = ['script-src', ...sources.filter((source) => source.toLowerCase() !== "'unsafe-inline'"), ...hashes].join(' ')
  if (index === -1) directives.push(scriptSrc)
  else directives[index] = scriptSrc
  return directives.join('; ')
}
