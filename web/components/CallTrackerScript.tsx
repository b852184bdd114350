'use client'

import { CALL_TRACKER_SCRIPT, CALL_TRACKER_SCRIPT_WITH_POOL } from '@/lib/tracking/tracker'

/**
 * The call tracker's inline script (web/lib/tracking/tracker.ts), in the HTML only. A server component's
 * markup is serialized a second time into Next's flight data, where this text (~3.5 KB; 5.1 KB with the
 * number pool) cost every page ~0.4–1.8 KB of gzip. As a client component only its reference is serialized: the server
 * renders the text into the HTML; the browser bundle drops it (`typeof window` is replaced at build
 * time) and hydration leaves the server's script as it is (React does not rewrite a script's inner HTML
 * when hydrating; suppressHydrationWarning keeps dev quiet about it).
 */
/** `pool`: the site has a number pool (Site settings → Call tracking): the tracker with its number-swap part. */
export function CallTrackerScript({ pool = false }: { pool?: boolean }) {
  return <script suppressHydrationWarning dangerouslySetInnerHTML={{ __html: typeof window === 'undefined' ? (pool ? CALL_TRACKER_SCRIPT_WITH_POOL : CALL_TRACKER_SCRIPT) : '' }} />
}
