import type { Page } from 'playwright-core'

/**
 * Every element's box against its parent's, and every piece of text against the element holding it (sideways):
 * what runs out of its card, button or line box ("Same & Next Day Appointments" 13 px out of its card at 320 px),
 * not only what widens the page. Left out: what is taken out of the flow on purpose (fixed and
 * absolute boxes, their own containers), what scrolls inside its own box, and what is visually hidden (the skip
 * link until focused, screen-reader labels).
 */
export interface Overflow {
  what: string
  container: string
  by: number
  text: string
}

export function overflowsIn(page: Page): Promise<Overflow[]> {
  return page.evaluate(() => {
    const TOLERANCE = 1
    const found: { what: string; container: string; by: number; text: string }[] = []
    const name = (element: Element) => {
      const classes = typeof element.className === 'string' ? element.className.trim().split(/\s+/).slice(0, 4).join('.') : ''
      return element.tagName.toLowerCase() + (classes ? `.${classes}` : '')
    }
    const hiddenOrScrolled = (element: Element): boolean => {
      for (let node: Element | null = element; node && node !== document.body; node = node.parentElement) {
        const style = getComputedStyle(node)
        if (style.clip !== 'auto' || style.clipPath !== 'none' || style.visibility === 'hidden') return true
        // The answer of a closed <details> is laid out but not shown.
        if (node.parentElement?.matches('details:not([open])') && node.tagName !== 'SUMMARY') return true
        if (node !== element && /auto|scroll/.test(style.overflowX + style.overflowY)) return true
      }
      return false
    }
    const beyond = (inner: DOMRect, outer: DOMRect) =>
      Math.max(outer.left - inner.left, inner.right - outer.right, outer.top - inner.top, inner.bottom - outer.bottom)
    for (const element of document.body.querySelectorAll('*')) {
      const parent = element.parentElement
      if (!parent || parent === document.body || element.closest('svg, script, style, noscript, template')) continue
      const style = getComputedStyle(element)
      if (['none', 'contents'].includes(style.display) || ['fixed', 'absolute'].includes(style.position)) continue
      if (getComputedStyle(parent).display === 'contents') continue
      const box = element.getBoundingClientRect()
      if (box.width === 0 || box.height === 0 || hiddenOrScrolled(element)) continue
      const by = beyond(box, parent.getBoundingClientRect())
      if (by > TOLERANCE) found.push({ what: name(element), container: name(parent), by: Math.round(by), text: (element.textContent ?? '').trim().slice(0, 60) })
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const holder = node.parentElement
      if (!node.textContent?.trim() || !holder || holder.closest('script, style, noscript, template')) continue
      if (getComputedStyle(holder).display === 'none' || hiddenOrScrolled(holder)) continue
      const range = document.createRange()
      range.selectNodeContents(node)
      const box = range.getBoundingClientRect()
      if (box.width === 0) continue
      // Sideways only: glyphs may rise above a tight line box (line-height 1) without leaving their card.
      const outer = holder.getBoundingClientRect()
      const by = Math.max(outer.left - box.left, box.right - outer.right)
      if (by > TOLERANCE) found.push({ what: 'text', container: name(holder), by: Math.round(by), text: node.textContent.trim().slice(0, 60) })
    }
    return found
  })
}
