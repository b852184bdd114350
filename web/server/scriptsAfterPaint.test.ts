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

  /** Runs the loader of `result` in a page holding the elements `present` matches (paint timing absent, the document parsed). */
  function loadIn(present: (selector: string) => boolean) {
    const code = /<script>(\(function\(\)\{[\s\S]*?\}\)\(\))<\/script><\/head>/.exec(result)![1]!
    const added: string[] = []
    const listeners = new Map<string, () => void>()
    const document = {
      readyState: 'complete',
      querySelector: (selector: string) => (present(selector) ? {} : null),
      createElement: () => ({ src: '' }),
      head: { appendChild: (element: { src: string }) => added.push(element.src) },
      addEventListener: () => {},
    }
    const window = {
      addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
      removeEventListener: (type: string) => listeners.delete(type),
    }
    new Function('document', 'window', 'requestAnimationFrame', 'setTimeout', code)(document, window, (next: () => void) => next(), (next: () => void) => next())
    return { added, listeners, act: (type: string) => listeners.get(type)?.() }
  }

  it('starts the scripts at once on a page that does not say it can wait', () => {
    expect(loadIn(() => false).added).toEqual(['/_next/static/chunks/a.js', '/_next/static/chunks/turbopack-b.js'])
  })

  it('on a page whose <main> says it can wait, starts them at the first touch, key, wheel, focus or mouse move, once', () => {
    for (const first of ['pointerdown', 'keydown', 'wheel', 'focusin', 'mousemove']) {
      const page = loadIn((selector) => selector === 'main[data-scripts-wait]')
      expect(page.added).toEqual([])
      page.act(first)
      expect(page.added).toEqual(['/_next/static/chunks/a.js', '/_next/static/chunks/turbopack-b.js'])
      expect(page.listeners.size).toBe(0)
    }
  })

  it('starts them at once when an element of that page needs them early', () => {
    expect(loadIn(() => true).added).toHaveLength(2)
  })
})
