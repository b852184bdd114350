'use client'

import { useEffect, useState, type ReactNode } from 'react'
import { pingUrl, unreachableOrigins } from './lakeReach'

/** How often the first-run screen checks again (no button to press: it continues by itself). */
const RETRY_MS = 1500

/**
 * Before the Studio mounts on the local Content Lake: checks that this browser reaches the lake
 * and, while it does not, says in plain words what to do (open the lake's address, accept its
 * self-signed certificate), then mounts the Studio by itself once it can.
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
        One step before the Studio opens: accept the local Content Lake’s certificate
      </h1>
      <p>
        With no Sanity project configured, the Studio edits the local Content Lake the site started on this computer. It answers over
        HTTPS with a certificate it made itself, which this browser has not accepted yet, so it cannot reach it.
      </p>
      <p>
        <strong>Why the browser warns:</strong> the lake made its own certificate on this computer rather than buying one from a public
        authority, so the browser cannot vouch for it; it is safe here, and you accept it once on this computer.
      </p>
      <ol>
        {blocked.map((origin) => (
          <li key={origin} style={{ marginBottom: 8 }}>
            Open{' '}
            <a href={pingUrl(origin)} target="_blank" rel="noreferrer">
              {pingUrl(origin)}
            </a>{' '}
            in a new tab. When the browser warns about the certificate, choose <strong>Advanced</strong>, then <strong>Proceed</strong> (it is
            this machine’s own server). The tab then shows <code>{'{"message":"PONG"}'}</code>.
          </li>
        ))}
        <li>Come back to this tab: the Studio opens by itself within a few seconds.</li>
      </ol>
      <p>
        <strong>To never see this step:</strong> install mkcert on this computer (<code>apt-get install mkcert libnss3-tools</code>, or{' '}
        <code>brew install mkcert nss</code> on a Mac) and start the site again. The lake then uses a certificate this browser already trusts.
      </p>
      <p role="status">
        Still waiting for {blocked.join(' and ')}. If the link does not load at all, the lake is not running: start the site again the way it was started (the
        window it runs in prints the lake’s address).
      </p>
    </main>
  )
}
