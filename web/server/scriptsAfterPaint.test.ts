import { describe, expect, it } from 'vitest'
import { scriptsAfterFirstPaint } from './scriptsAfterPaint'

const page = [
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>',
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/a.js"/>',
  '<script src="/_next/static/chunks/a.js" async=""></script>',
  '<script src="/_next/static/chunks/turbopack-b.js" async=""></script>',
  '<script src="/_next/static/chunks/polyfill.js" noModule=""></script>',
  '<script src="https://elsewhere.example/x.js" async=""></script>',
  '</head><body><h1>Ants</h1><script>self.__next_f.push([1,""])</script></body></html>',
].join('')

describe('scriptsAfterFirstPaint', () => {
  const result = scriptsAfterFirstPaint(page)

  it("takes Next's async scripts out of the head", () => {
    expect(result).not.toContain('<script src="/_next/static/chunks/a.js"')
    expect(result).not.toContain('<script src="/_next/static/chunks/turbopack-b.js"')
  })

  it('adds them back, in order, from one loader that waits for the first contentful paint and the parsed document', () => {
    const loader = /<script>(\(function\(\)\{[\s\S]*?\}\)\(\))<\/script><\/head>/.exec(result)
    expect(loader).not.toBeNull()
    const code = loader![1]!
    expect(JSON.parse(/(\["\/_next[^\]]*\])\.forEach/.exec(code)?.[1] ?? '[]')).toEqual(['/_next/static/chunks/a.js', '/_next/static/chunks/turbopack-b.js'])
    expect(code).toContain('"first-contentful-paint"')
    expect(code).toContain('DOMContentLoaded')
  })

  it("drops Next's preload of a script the loader adds (it fetched the script before the paint), keeps any other", () => {
    expect(result).not.toContain('<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/a.js"/>')
    const other = page.replace('<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/a.js"/>', '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/other.js"/>')
    expect(scriptsAfterFirstPaint(other)).toContain('<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/other.js"/>')
  })

  it('leaves everything else as it was: the no-module fallback, other hosts, inline data, the body', () => {
    for (const kept of [
      '<script src="/_next/static/chunks/polyfill.js" noModule=""></script>',
      '<script src="https://elsewhere.example/x.js" async=""></script>',
      '<body><h1>Ants</h1><script>self.__next_f.push([1,""])</script></body>',
    ]) {
      expect(result).toContain(kept)
    }
  })

  it('returns a page without such scripts unchanged', () => {
    const plain = '<html><head></head><body>Hi</body></html>'
    expect(scriptsAfterFirstPaint(plain)).toBe(plain)
  })
})
