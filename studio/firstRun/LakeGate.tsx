'use client'

import { useEffect, useState, type ReactNode } from 'react'
import { pingUrl, unreachableOrigins } from './lakeReach'

/** How often the first-run screen checks again (no button to press: it continues by itself). */
const RETRY_MS = 1500

/**
 * Before the Studio mounts on the local Content Lake: checks that this browser reaches the lake (plain HTTP
 * on this machine: nothing to accept) and, while it does not, says in plain words what to do (start it),
 * then mounts the Studio by itself once it can. Without the check the Studio would say "Couldn't reach the
 * Sanity servers" and point at the network, a VPN or an ad blocker.
 */
export function LakeGate({ origins, children }: { origins: string[]; children: ReactNode }) {
  const [blocked, setBlocked] = useState<string[] | null>(null)

  useEffect(() => {
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const check = async () => {
      const failing = await unreachableOrigins(origins)
      if (stopped) return
      setBlocked(failing)
      if (failing.length > 0) timer = setTimeout(check, RETRY_MS)
    }
    void check()
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [origins])

  if (blocked === null) return null
  if (blocked.length === 0) return children
  return (
    <main role="main" aria-labelledby="lake-gate-title" style={{ maxWidth: 640, margin: '10vh auto', padding: 24, fontFamily: 'system-ui, sans-serif', lineHeight: 1.5, color: '#1f2328' }}>
      <h1 id="lake-gate-title" style={{ fontSize: 24 }}>
        The local Content Lake is not answering
      </h1>
      <p>
        With no Sanity project configured, the Studio edits the content kept on this computer by the local Content Lake, which starts
        together with the site. This browser cannot reach it at {blocked.map((origin) => pingUrl(origin)).join(' or ')}.
      </p>
      <ol>
        <li style={{ marginBottom: 8 }}>
          Start the site again the way it is started on this computer (the whole site, which starts the Content Lake first), or ask the
          developer to; the window it runs in says why the Content Lake stopped.
        </li>
        <li>Come back to this tab: the Studio opens by itself within a few seconds.</li>
      </ol>
      <p role="status">Still waiting for {blocked.join(' and ')}.</p>
    </main>
  )
}
