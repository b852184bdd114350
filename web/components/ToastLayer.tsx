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

/** The sonner layer. With a call message set, every tap on a call link shows it (dialling too when the page's calls are switched on). */
export default function ToastLayer({ callToast }: { callToast: CallToast | null }) {
  useEffect(() => {
    if (!callToast) return
    const show = () => toast(callToast.title, { description: callToast.message })
    window.addEventListener(CALL_CLICK_EVENT, show)
    return () => window.removeEventListener(CALL_CLICK_EVENT, show)
  }, [callToast])
  return <Toaster position="top-center" visibleToasts={VISIBLE_TOASTS} duration={TOAST_DURATION_MS} closeButton />
}
