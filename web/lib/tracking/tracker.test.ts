// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Window } from 'happy-dom'
import { CALL_TRACKER_SCRIPT, CALL_TRACKER_SCRIPT_WITH_POOL } from './tracker'

/** The in-page tracker as the browser runs it: plain script text, so a slip in its source breaks every page's taps. */
describe('the call tracker script', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    document.body.innerHTML = ''
    sessionStorage.clear()
  })

  it('is valid JavaScript, with and without the number pool part, which only the pool variant carries', () => {
    expect(() => new Function(CALL_TRACKER_SCRIPT)).not.toThrow()
    expect(() => new Function(CALL_TRACKER_SCRIPT_WITH_POOL)).not.toThrow()
    expect(CALL_TRACKER_SCRIPT).not.toContain('/api/voice/lease')
    expect(CALL_TRACKER_SCRIPT_WITH_POOL).toContain('/api/voice/lease')
  })

  it('with a pool, writes a leased number into every call link and shown number', async () => {
    document.body.innerHTML = `<script id="call-tracking" type="application/json">{"pool":true}</script>
      <main id="main"><a href="tel:+18885550142">Call</a><span class="phone-slot"><span>(888) 555-0142</span></span></main>`
    const fetch = vi.fn<typeof globalThis.fetch>(async () => new Response(JSON.stringify({ number: '+13125550161', lease: 'abcdefghijklmnopqrstuv', expiresAt: Date.now() + 1_800_000 })))
    vi.stubGlobal('fetch', fetch)
    history.replaceState(null, '', '/ants?utm_campaign=spring')
    new Function(CALL_TRACKER_SCRIPT_WITH_POOL)()
    window.dispatchEvent(new Event('load'))
    await vi.waitFor(() => expect(document.querySelector('a')?.getAttribute('href')).toBe('tel:+13125550161'))
    expect(document.querySelector('.phone-slot > span')?.textContent).toBe('(312) 555-0161')
    expect(document.getElementById('main')?.getAttribute('data-call-number')).toBe('+13125550161')
    expect(JSON.parse(fetch.mock.calls[0]![1]!.body as string)).toMatchObject({ page: '/ants', campaign: 'spring', lease: '' })
  })
})

/** A fresh page (its own window, so no listener of an earlier run is left) that runs the tracker. */
function trackedPage(url: string, settings: object, options: { globalPrivacyControl?: boolean } = {}) {
  const window = new Window({ url })
  const page = window as unknown as { eval(script: string): void; dataLayer: unknown[]; navigator: Navigator }
  window.document.body.innerHTML = `<script id="call-tracking" type="application/json">${JSON.stringify(settings)}</script>
    <main id="main" data-call-keyword="ant control" data-call-variant="v2" data-call-number="+18885550142"><a href="tel:+18885550142" data-call-source="hero">Call</a></main>`
  const beacons: Promise<string>[] = []
  page.navigator.sendBeacon = (_url, body) => (beacons.push((body as Blob).text()), true)
  if (options.globalPrivacyControl) Object.defineProperty(page.navigator, 'globalPrivacyControl', { value: true })
  page.eval(CALL_TRACKER_SCRIPT)
  // gtag commands are Arguments objects (of the page's realm): as arrays, to compare.
  const commands = () => page.dataLayer.map((entry) => (typeof entry === 'object' && entry !== null && 'length' in entry ? Array.from(entry as ArrayLike<unknown>) : entry))
  return { window, beacons, commands }
}

describe('the call tracker on a page', () => {
  it('counts a tap: one beacon with the page context, one conversion with the kept click ID, the dialer not prevented', async () => {
    const { window, beacons, commands } = trackedPage('https://example.test/ants?gclid=Abc_1', { ads: 'AW-123456', label: 'CallTap-1' })
    const tap = new window.MouseEvent('click', { bubbles: true, cancelable: true })
    window.document.querySelector('a')!.dispatchEvent(tap)
    expect(tap.defaultPrevented).toBe(false)
    expect(await Promise.all(beacons.map((body) => body.then(JSON.parse)))).toEqual([
      { page: '/ants', source: 'hero', keyword: 'ant control', location: '', variant: 'v2', variantKey: '', experiment: '', arm: '', number: '+18885550142', clickId: true },
    ])
    const conversions = commands().filter((command) => Array.isArray(command) && command[1] === 'conversion')
    expect(conversions).toEqual([['event', 'conversion', expect.objectContaining({ send_to: 'AW-123456/CallTap-1', transport_type: 'beacon', page_path: '/ants', tracking_number: '+18885550142', gclid: 'Abc_1' })]])
    await window.happyDOM.close()
  })

  it('under Global Privacy Control, denies ad storage, user data and personalization before any tag', async () => {
    const { window, commands } = trackedPage('https://example.test/', {}, { globalPrivacyControl: true })
    expect(commands()).toEqual([
      ['consent', 'default', { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'granted' }],
      ['set', { restricted_data_processing: true }],
    ])
    await window.happyDOM.close()
  })
})
