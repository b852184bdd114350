import { describe, expect, it } from 'vitest'
import { clientJsPerRoute, FLOOR_ROUTE } from '../../bench/jsSizes'

/** The JS budget (issue: performance gates): no page ships more than 15 KB gzip over the framework floor. */
const BUDGET_OVER_FLOOR = 15 * 1024

describe('client JS budget', () => {
  it('keeps every prerendered page within the floor + 15 KB gzip', () => {
    const rows = clientJsPerRoute()
    const floor = rows.find((row) => row.route === FLOOR_ROUTE)
    expect(floor).toBeDefined()
    expect(rows.length).toBeGreaterThan(20)
    const over = rows.filter((row) => row.jsBytes - floor!.jsBytes > BUDGET_OVER_FLOOR).map((row) => `${row.route}: ${row.jsBytes - floor!.jsBytes} B over`)
    expect(over).toEqual([])
  })
})
