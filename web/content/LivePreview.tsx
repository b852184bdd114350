import { createClient } from 'next-sanity'
import { defineLive } from 'next-sanity/live'
import { VisualEditing } from 'next-sanity/visual-editing'
import { serverConfig, studioConfig } from '@/lib/config'

/**
 * What a draft-mode page adds for the Studio's Presentation tool: the click-to-edit overlays and
 * next-sanity's `<SanityLive includeDrafts>`, which listens to the Live Content API
 * (`data/live/events`, drafts included) and refreshes the page on every change, so the preview
 * follows the editor's typing and shows the published page again after a discard. The site's own
 * fetch (web/lib/sanity/fetch.ts) already reads drafts, uncached, in draft mode; only the live
 * component of `defineLive` is used (its `sanityFetch` needs Next's cache components).
 *
 * The browser listens where the Studio talks: Sanity's API, or the local Content Lake's HTTPS
 * address (scripts/lake) — not the server's own loopback address for it.
 */
export function LivePreview() {
  const sanity = serverConfig().sanity
  if (!sanity) return <VisualEditing />
  const browserApiHost = studioConfig(process.env).apiHost
  const client = createClient({
    projectId: sanity.projectId,
    dataset: sanity.dataset,
    apiVersion: sanity.apiVersion,
    useCdn: false,
    ...(browserApiHost ? { apiHost: browserApiHost, useProjectHostname: false } : {}),
  })
  // The read token is a Viewer token (README): it reaches the browser only in draft mode, which the
  // Presentation tool's secret turns on.
  const { SanityLive } = defineLive({ client, serverToken: false, browserToken: sanity.token ?? false })
  return (
    <>
      <VisualEditing />
      <SanityLive includeDrafts onWelcome={false} />
    </>
  )
}
