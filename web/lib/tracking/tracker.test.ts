// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
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
