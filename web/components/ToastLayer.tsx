'use client'

import { useEffect } from 'react'
import { Toaster, toast } from 'sonner'
import { CALL_CLICK_EVENT } from '@/lib/tracking/events'

/** Toast defaults of the spec (§9): at most 3 visible, 4000 ms each. */
const TOAST_DURATION_MS = 4000
const VISIBLE_TOASTS = 3

export interface CallToast {
  title: string
  message: string
}

/** How many call taps of this page's data layer have had their message (a layer mounted again shows none twice). */
let tapsAnswered = 0

/** The call taps the in-page tracker has put in the data layer so far, from the first paint on. */
function callTaps(): number {
  const layer = (window as Window & { dataLayer?: unknown[] }).dataLayer ?? []
  return layer.filter((entry) => typeof entry === 'object' && entry !== null && (entry as { event?: unknown }).event === CALL_CLICK_EVENT).length
}

/**
 * The sonner layer. With a call message set, every tap on a call link shows it (dialling too when the page's calls are
 * switched on). This layer is loaded after hydration, and a visitor on a slow phone taps before that: a tap the tracker
 * counted before the layer listened has its message as soon as the layer is there.
 */
export default function ToastLayer({ callToast }: { callToast: CallToast | null }) {
  useEffect(() => {
    if (!callToast) return
    const show = () => {
      tapsAnswered = callTaps()
      toast(callToast.title, { description: callToast.message })
    }
    if (callTaps() > tapsAnswered) show()
    window.addEventListener(CALL_CLICK_EVENT, show)
    return () => window.removeEventListener(CALL_CLICK_EVENT, show)
  }, [callToast])
  return <Toaster position="top-center" visibleToasts={VISIBLE_TOASTS} duration={TOAST_DURATION_MS} closeButton />
}
