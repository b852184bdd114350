'use client'

import { useEffect, useState, type ComponentType } from 'react'
import type { CallToast } from './ToastLayer'

/**
 * Rendered only on pages that show messages (the simple landing page). The toast library itself is
 * fetched after the page has loaded, in its own chunk, so it costs no page anything up front.
 */
export function Toasts({ callToast }: { callToast: CallToast | null }) {
  const [Layer, setLayer] = useState<ComponentType<{ callToast: CallToast | null }> | null>(null)
  useEffect(() => {
    let active = true
    void import('./ToastLayer').then((module) => {
      if (active) setLayer(() => module.default)
    })
    return () => {
      active = false
    }
  }, [])
  return Layer ? <Layer callToast={callToast} /> : null
}
