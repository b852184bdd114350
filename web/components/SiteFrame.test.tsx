import { renderToStaticMarkup } from 'react-dom/server'
import { Window } from 'happy-dom'
import { describe, expect, it } from 'vitest'
import { testContext } from '../../tests/support/blockFixtures'
import { routeQuery } from '../content/queries'
import { bundledDocuments, queryDocuments } from '../lib/sanity/localDataset'
import { CALL_CLICK_EVENT } from '../lib/tracking/events'
import { CALL_TRACKER_SCRIPT } from '../lib/tracking/tracker'
import type { RouteQueryResult } from '../sanity.types'
import { callsOnlyShowMessage, SiteFrame } from './SiteFrame'

/**
 * The frame as the server renders it, with the call tracker running over it in a fresh page: on a page whose calls
 * only show a message, every call link of the page (header, content, call bar, footer) opens no dialer and sends
 * nothing; with the page's calls switched on, each one dials and is counted.
 */
async function tapEveryCallLink(toastOnly: boolean) {
  const html = renderToStaticMarkup(
    <SiteFrame site={testContext.site} callContext={{ number: testContext.site.phone, toastOnly }}>
      <a href={`tel:${testContext.site.phone}`} data-call-source="hero">Call</a>
    </SiteFrame>,
  )
  const window = new Window({ url: 'https://example.test/simple-landing' })
  const page = window as unknown as { eval(script: string): void; navigator: Navigator }
  window.document.body.innerHTML = `<script id="call-tracking" type="application/json">{}</script>${html}`
  const beacons: string[] = []
  page.navigator.sendBeacon = (url) => (beacons.push(String(url)), true)
  const messages: string[] = []
  window.addEventListener(CALL_CLICK_EVENT, (event) => messages.push((event as unknown as CustomEvent<{ source: string }>).detail.source))
  page.eval(CALL_TRACKER_SCRIPT)
  const links = [...window.document.querySelectorAll('a[href^="tel:"]')]
  const taps = links.map((link) => {
    const tap = new window.MouseEvent('click', { bubbles: true, cancelable: true })
    link.dispatchEvent(tap)
    return { source: link.getAttribute('data-call-source'), dialed: !tap.defaultPrevented }
  })
  const dataLayer = ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).filter((entry) => (entry as { event?: unknown }).event !== undefined)
  await window.happyDOM.close()
  return { taps, beacons, messages, dataLayer }
}

describe('a page whose call buttons only show a message (spec §2.7, §8)', () => {
  it('opens no dialer and sends nothing from any call link of the page, the call bar and footer included', async () => {
    const { taps, beacons, messages, dataLayer } = await tapEveryCallLink(true)
    expect(taps.map((tap) => tap.source).sort()).toEqual(['footer', 'header', 'hero', 'sticky-bar'])
    expect(taps.filter((tap) => tap.dialed)).toEqual([])
    expect(beacons).toEqual([])
    // Each tap still raises the event the message layer shows its message on, and is in the data layer for a layer
    // that loads after the tap (never as the `call_click` a Tag Manager container counts as a conversion).
    expect(messages.sort()).toEqual(['footer', 'header', 'hero', 'sticky-bar'])
    expect(dataLayer).toHaveLength(4)
    expect(dataLayer.every((entry) => (entry as { event: string; toastOnly?: boolean }).event === CALL_CLICK_EVENT && (entry as { toastOnly?: boolean }).toastOnly === true)).toBe(true)
  })

  it('dials and counts every tap when the page’s calls are switched on', async () => {
    const { taps, beacons, messages } = await tapEveryCallLink(false)
    expect(taps.every((tap) => tap.dialed)).toBe(true)
    expect(beacons).toEqual(taps.map(() => '/api/calls'))
    expect(messages).toHaveLength(taps.length)
  })
})

describe('callsOnlyShowMessage over the bundled /simple-landing', () => {
  const simpleLanding = async (alsoCall?: boolean) => {
    const documents = bundledDocuments().map((doc) => {
      const { slug, callToast } = doc as { slug?: { current?: string }; callToast?: object }
      return alsoCall !== undefined && slug?.current === 'simple-landing' ? { ...doc, callToast: { ...callToast, alsoCall } } : doc
    })
    return (await queryDocuments(documents, routeQuery, { slug: 'simple-landing' })) as RouteQueryResult
  }

  it('shows the spec’s message only, by default', async () => {
    const doc = await simpleLanding()
    expect(doc?.callToast).toMatchObject({ title: 'Calling Pest Control Experts', message: 'Connecting you with local pest control professionals...' })
    expect(callsOnlyShowMessage(doc?.callToast)).toBe(true)
  })

  it('lets the calls through when an editor switches “Call buttons also call” on', async () => {
    expect(callsOnlyShowMessage((await simpleLanding(true))?.callToast)).toBe(false)
    expect(callsOnlyShowMessage((await simpleLanding(false))?.callToast)).toBe(true)
    expect(callsOnlyShowMessage(null)).toBe(false)
  })
})
