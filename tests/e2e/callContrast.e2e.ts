import type { CDPSession, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { VIEWPORTS } from './browser'
import { expectedSite } from './expected'
import { inParallel, pagePoolForFile } from './pagePool'
import { sharedSiteUrl } from './sharedSite'

/**
 * Every call link (a[href^="tel:"]) on every route, at 390 and 1280 px, in every state a visitor can put
 * it in: its text against what is behind it is at least 4.5:1 (WCAG AA). The states are forced through
 * the DevTools protocol (CSS.forcePseudoState), and the colours are Chromium's computed ones, read back
 * through a canvas so any colour syntax (rgb, oklab, color-mix) becomes sRGB. The background is the
 * nearest one that paints: a colour (blended over what is under it when translucent) or every colour
 * stop of a gradient (the worst one counts).
 *
 * :visited: browsers never report a visited link's colour to a page, so the forced state cannot be read
 * back; the site's CSS sets no :visited colour (web/app/styles/phone.css), so a visited number looks as unvisited.
 */
const baseUrl = sharedSiteUrl()
const { routes } = await expectedSite()
const PATHS = [...routes.map((route) => route.path), '/no-such-page', '/?kw=wasp+removal']
const STATES: string[][] = [[], ['hover'], ['focus', 'focus-visible'], ['active'], ['hover', 'active'], ['visited']]
const MINIMUM = 4.5

const pages = pagePoolForFile()

interface Reading {
  label: string
  text: number[]
  backgrounds: number[][]
}

/** For each marked link: its text colour and the colours behind it, as sRGB 0–255. */
function readColours(page: Page): Promise<Reading[]> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas')
    canvas.width = canvas.height = 1
    const context = canvas.getContext('2d', { willReadFrequently: true })!
    const rgba = (colour: string): number[] => {
      context.clearRect(0, 0, 1, 1)
      context.fillStyle = '#000'
      context.fillStyle = colour
      context.fillRect(0, 0, 1, 1)
      const [r, g, b, a] = context.getImageData(0, 0, 1, 1).data
      return [r!, g!, b!, a! / 255]
    }
    const over = (top: number[], under: number[]) => [0, 1, 2].map((i) => top[i]! * top[3]! + under[i]! * (1 - top[3]!)).concat(1)
    /** The colours painted behind an element: the first opaque layer up the tree, translucent ones blended over it. */
    const behind = (element: Element): number[][] => {
      const layers: number[][][] = []
      for (let node: Element | null = element; node; node = node.parentElement) {
        const style = getComputedStyle(node)
        const gradient = style.backgroundImage.includes('gradient(')
        if (gradient) {
          const stops = style.backgroundImage.match(/(?:rgba?|oklab|oklch|lab|lch|color|hsla?)\([^()]*(?:\([^()]*\)[^()]*)*\)|#[0-9a-f]{3,8}\b/gi) ?? []
          layers.push(stops.map(rgba))
          if (stops.map(rgba).every((stop) => stop[3] === 1)) break
        }
        const colour = rgba(style.backgroundColor)
        if (colour[3]! > 0) {
          layers.push([colour])
          if (colour[3] === 1) break
        }
      }
      let result: number[][] = [[255, 255, 255, 1]]
      for (const layer of layers.reverse()) result = layer.flatMap((top) => result.map((under) => over(top, under)))
      return result
    }
    return [...document.querySelectorAll<HTMLElement>('[data-contrast-link]')].map((link) => ({
      label: `${link.dataset.contrastLink} "${link.innerText.trim().replace(/\s+/g, ' ').slice(0, 40)}"`,
      text: rgba(getComputedStyle(link).color),
      backgrounds: behind(link),
    }))
  })
}

function luminance([r, g, b]: number[]): number {
  const channel = (value: number) => {
    const c = value / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!)
}

function contrast(a: number[], b: number[]): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (light! + 0.05) / (dark! + 0.05)
}

/** The worst contrast of each visible call link on a page, per state. */
interface Measured {
  where: string
  ratio: number
  /** The link's text colour in this state, to see that forcing a state changes what it should. */
  colour: string
}

function measurePage(path: string, viewport: { width: number; height: number }): Promise<Measured[]> {
  return pages.with(viewport, async (page) => {
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'load' })
    const count = await page.evaluate(() => {
      const links = [...document.querySelectorAll<HTMLElement>('a[href^="tel:"]')].filter((link) => link.getClientRects().length > 0)
      links.forEach((link, index) => link.setAttribute('data-contrast-link', `${link.dataset.callSource ?? 'link'}#${index}`))
      return links.length
    })
    if (count === 0) return []
    const cdp: CDPSession = await page.context().newCDPSession(page)
    await cdp.send('DOM.enable')
    await cdp.send('CSS.enable')
    const { root } = await cdp.send('DOM.getDocument', { depth: -1 })
    const { nodeIds } = await cdp.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector: '[data-contrast-link]' })
    const found: Measured[] = []
    for (const state of STATES) {
      await Promise.all(nodeIds.map((nodeId) => cdp.send('CSS.forcePseudoState', { nodeId, forcedPseudoClasses: state })))
      // Transitions (transition-colors) would be read mid-way.
      await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => (animation.finish(), animation.finished))))
      for (const reading of await readColours(page)) {
        const ratio = Math.min(...reading.backgrounds.map((background) => contrast(reading.text, background)))
        found.push({ where: `${path} at ${viewport.width} px, ${reading.label}, ${state.join('+') || 'normal'}`, ratio, colour: reading.text.join(',') })
      }
    }
    await cdp.detach()
    return found
  })
}

describe('call links keep their contrast in every state', () => {
  it('measures the contrast the way WCAG defines it', () => {
    expect(contrast([255, 255, 255], [0, 0, 0])).toBeCloseTo(21, 5)
    expect(contrast([11, 77, 58], [8, 58, 44])).toBeLessThan(1.5)
    expect(contrast([255, 255, 255], [14, 97, 73])).toBeGreaterThan(MINIMUM)
  })

  it.each([
    ['390', VIEWPORTS.phone],
    ['1280', VIEWPORTS.desktop],
  ])('every call link on every route at %s px: at least 4.5:1 normal, hovered, focused, active and visited', async (_, viewport) => {
    const results = (await inParallel(PATHS.map((path) => () => measurePage(path, viewport)), 4)).flat()
    expect(results.length).toBeGreaterThan(PATHS.length * STATES.length)
    // The forced states are really applied: the footer's number turns the palest green on hover.
    const footer = (state: string) => results.find((result) => result.where.startsWith('/ants ') && result.where.includes('footer#') && result.where.endsWith(`, ${state}`))
    expect(footer('normal')?.colour).toBe('255,255,255,1')
    expect(footer('hover')?.colour).toBe('209,250,223,1')
    const failing = results.filter((result) => result.ratio < MINIMUM).map((result) => `${result.where}: ${result.ratio.toFixed(2)}:1`)
    expect(failing).toEqual([])
  }, 180_000)
})
