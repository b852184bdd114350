import { describe, expect, it } from 'vitest'
import { FIRST_FLIGHT_BYTES, measureRoute, measuredRoutes, printTable, type HtmlBytes } from '../../bench/htmlBytes'
import { sharedSiteUrl } from './sharedSite'

/**
 * First paint in one round trip (issue 25): a server's first flight is about 14 KB (ten TCP segments); a
 * page whose answer is larger waits a whole extra round trip on a phone network before it can paint.
 * Sizes are deterministic for a build and its content, so this asserts them (bench/htmlBytes.ts prints the same table).
 */
describe('every page fits the first flight', () => {
  let rows: HtmlBytes[] = []

  it('measures every routed page, the ad-shaped addresses and a 404 (table below)', async () => {
    const base = sharedSiteUrl()
    const routes = await measuredRoutes()
    expect(routes.length).toBeGreaterThan(20)
    rows = []
    for (const route of routes) rows.push(await measureRoute(base, route))
    printTable(rows)
    expect(rows.find((row) => row.route === '/no-such-page-here')?.status).toBe(404)
    expect(rows.filter((row) => row.route !== '/no-such-page-here' && row.status !== 200)).toEqual([])
  })

  it('serves Brotli to a browser that takes it, smaller than gzip', () => {
    expect(rows.filter((row) => !(row.brotliBytes < row.gzipBytes)).map((row) => row.route)).toEqual([])
  })

  it(`sends headers + Brotli HTML within ${FIRST_FLIGHT_BYTES} bytes on every route`, () => {
    const over = rows.filter((row) => row.headerBytes + row.brotliBytes > FIRST_FLIGHT_BYTES).map((row) => `${row.route}: ${row.headerBytes + row.brotliBytes} B`)
    expect(over).toEqual([])
  })

  // The gzip copy (a client without Brotli) too: Next's flight data repeats the page's markup further back than gzip's
  // 32 KB window reaches, so this holds only while pages stay lean (icons and repeated class lists in the site CSS,
  // no 404 page in every page's flight data; README "First flight").
  it(`sends headers + gzip HTML within ${FIRST_FLIGHT_BYTES} bytes on every route`, () => {
    const over = rows.filter((row) => row.headerBytes + row.gzipBytes > FIRST_FLIGHT_BYTES).map((row) => `${row.route}: ${row.headerBytes + row.gzipBytes} B`)
    expect(over).toEqual([])
  })
})
