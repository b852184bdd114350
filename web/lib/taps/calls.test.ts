import { describe, expect, it, vi } from 'vitest'
import { budgetLimiter } from './rateLimit'
import { parseTap } from './tap'

const NOW = new Date('2026-11-23T12:00:00Z')

describe('parseTap', () => {
  it('keeps the known fields, cleaned and capped, and drops everything else', () => {
    const tap = parseTap(
      {
        page: '/?kw=wasp#x',
        source: 'hero-button',
        keyword: 'Wasp\u202e Removal\u0000',
        location: 'Dallas, TX',
        variant: 'home',
        clickId: true,
        ip: '203.0.113.9',
        userAgent: 'Mozilla',
        cookie: 'gclid=abc',
        experiment: 'x'.repeat(500),
        arm: 'B',
        number: '+12125550101',
      },
      NOW,
    )
    expect(tap).toEqual({
      at: '2026-11-23T12:00:00.000Z',
      page: '/',
      source: 'hero-button',
      keyword: 'Wasp Removal',
      location: 'Dallas, TX',
      variant: 'home',
      experiment: 'x'.repeat(80),
      arm: 'B',
      number: '+12125550101',
      clickId: true,
      variantKey: '',
    })
  })

  it('keeps a tracking number only when it is a US number in E.164', () => {
    expect(parseTap({ page: '/', source: 'header', number: '(212) 555-0101' }, NOW)?.number).toBe('')
    expect(parseTap({ page: '/', source: 'header', number: '+1212555010<b>' }, NOW)?.number).toBe('')
    expect(parseTap({ page: '/', source: 'header', number: 12125550101 }, NOW)?.number).toBe('')
  })

  it.each([null, 'tap', [], {}, { page: 'ants', source: 'hero' }, { page: '/ants', source: '<script>' }, { page: '/ants' }])('refuses %j', (input) => {
    expect(parseTap(input, NOW)).toBeNull()
  })
})

describe('budgetLimiter', () => {
  const budgets = { name: 'taps', perAddress: 10, perNetwork: 60, total: 6_000, windowMs: 60_000 }

  it('allows a few taps per address, then refuses that address until the window slides past them', () => {
    let time = 0
    const limiter = budgetLimiter({ ...budgets, perAddress: 2, now: () => time, log: () => {} })
    expect([limiter.allow('203.0.113.7'), limiter.allow('203.0.113.7'), limiter.allow('203.0.113.7')]).toEqual([true, true, false])
    time = 60_000
    expect(limiter.allow('203.0.113.7')).toBe(false)
    time = 90_000
    expect(limiter.allow('203.0.113.7')).toBe(true)
  })

  it('after 61 addresses × 10 taps, a new address is still accepted, and the flooding network is cut at its own budget', () => {
    const limiter = budgetLimiter({ ...budgets, now: () => 0, log: () => {} })
    let accepted = 0
    // 61 addresses of one /24, as in the attack the old global cap of 600 a minute fell to.
    for (let host = 1; host <= 61; host++) for (let tap = 0; tap < 10; tap++) if (limiter.allow(`198.51.100.${host}`)) accepted++
    expect(accepted).toBe(60)
    expect(limiter.allow('203.0.113.9')).toBe(true)
    expect(limiter.allow('2001:db8:1:200::5')).toBe(true)
    expect(limiter.refusals()).toEqual({ address: 0, network: 550, total: 0 })
  })

  it('61 addresses spread over 61 networks cannot exhaust the overall budget either', () => {
    const limiter = budgetLimiter({ ...budgets, now: () => 0, log: () => {} })
    for (let network = 1; network <= 61; network++) for (let tap = 0; tap < 10; tap++) limiter.allow(`198.18.${network}.1`)
    expect(limiter.allow('203.0.113.9')).toBe(true)
  })

  it('keeps a last overall guard that only networks over their share meet: a fresh network still gets through', () => {
    const limiter = budgetLimiter({ ...budgets, total: 3, now: () => 0, log: () => {} })
    expect(['198.18.1.1', '198.18.2.1', '198.18.3.1', '198.18.1.2', '198.18.4.1'].map((address) => limiter.allow(address))).toEqual([true, true, true, false, true])
    expect(limiter.refusals().total).toBe(1)
  })

  it('slides: twice the budget never passes across a window boundary', () => {
    let time = 0
    const limiter = budgetLimiter({ ...budgets, perAddress: 10, now: () => time, log: () => {} })
    time = 59_000
    let passed = 0
    for (let i = 0; i < 10; i++) if (limiter.allow('203.0.113.7')) passed++
    time = 61_000
    for (let i = 0; i < 10; i++) if (limiter.allow('203.0.113.7')) passed++
    // A fixed window would let 20 through in two seconds; the sliding window about 10.
    expect(passed).toBeLessThanOrEqual(11)
    time = 121_000
    expect(limiter.allow('203.0.113.7')).toBe(true)
  })

  it('logs refusals once a minute, as one line without addresses', () => {
    vi.useFakeTimers()
    try {
      const lines: string[] = []
      const limiter = budgetLimiter({ ...budgets, perAddress: 1, log: (line) => lines.push(line) })
      for (let i = 0; i < 5; i++) limiter.allow('192.0.2.44')
      expect(lines).toEqual([])
      vi.advanceTimersByTime(60_000)
      expect(lines).toEqual(['[limits] taps: refused 4 in the last minute (per address 4, per network 0, overall 0)'])
      vi.advanceTimersByTime(120_000)
      expect(lines).toHaveLength(1)
    } finally {
      vi.useRealTimers()
    }
  })
})
