'use client'

import { useEffect } from 'react'

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[]
  }
}

export const CALL_CLICK_EVENT = 'call-click'

/**
 * The click hook for call tracking, for every tel: link at once. One listener on the document
 * keeps the call buttons themselves server-rendered HTML that works without JavaScript.
 * A tag manager reads `dataLayer`; anything else can listen for the `call-click` event.
 */
export function CallTracker() {
  useEffect(() => {
    function onClick(event: MouseEvent) {
      const link = (event.target as Element | null)?.closest?.('a[href^="tel:"]')
      if (!(link instanceof HTMLAnchorElement)) return
      const detail = { source: link.dataset.callSource ?? 'unknown', path: window.location.pathname }
      window.dataLayer ??= []
      window.dataLayer.push({ event: CALL_CLICK_EVENT, ...detail })
      window.dispatchEvent(new CustomEvent(CALL_CLICK_EVENT, { detail }))
    }
    document.addEventListener('click', onClick, { capture: true })
    return () => document.removeEventListener('click', onClick, { capture: true })
  }, [])
  return null
}
