import { describe, expect, it } from 'vitest'
import { maskedCaller } from '../phone'
import { buildStatement, providerMonths, providerTotals, routingOfCalls, statementCsv, type LegRow } from './statement'

const at = (day: number, hour: number) => Date.UTC(2026, 10, day, hour)
const leg = (callSid: string, seq: number, providerId: string, outcome: string, talkSeconds: number, when: number, payoutCents = 4000): LegRow => ({
  callSid, seq, providerId, providerName: providerId ? `${providerId[0]!.toUpperCase()}${providerId.slice(1)}` : '', outcome, talkSeconds, billableSeconds: 60, payoutCents, place: 'Dallas, TX', pest: 'Ants', at: when,
})

const legs: LegRow[] = [
  leg('CA1', 0, 'dallas', 'no-answer', 0, at(3, 15)),
  leg('CA1', 1, 'texas', 'answered', 95, at(3, 15), 2550),
  leg('CA2', 0, 'dallas', 'answered', 75, at(4, 16), 3333),
  leg('CA3', 0, 'dallas', 'answered', 30, at(5, 16), 3333),
  leg('CA4', 0, 'texas', 'busy', 0, at(6, 16)),
  leg('CA4', 1, '', 'no-answer', 0, at(6, 16)),
  // 1 December 03:00 UTC is still 30 November in Chicago.
  leg('CA5', 0, 'texas', 'answered', 61, Date.UTC(2026, 11, 1, 3), 2550),
]

describe('provider statements', () => {
  it('gives each call the provider it reached, its legs in order and whether it is payable', () => {
    const calls = routingOfCalls(legs)
    expect(calls.get('CA1')).toEqual({ provider: 'texas', payable: true, legs: [{ provider: 'dallas', order: 1, outcome: 'no-answer', seconds: 0 }, { provider: 'texas', order: 2, outcome: 'answered', seconds: 95 }] })
    expect(calls.get('CA3')).toMatchObject({ provider: 'dallas', payable: false })
    expect(calls.get('CA4')).toMatchObject({ provider: null, payable: false })
  })

  it('counts per provider what was routed, answered, missed and payable, and what is owed, to the cent', () => {
    expect(providerTotals(legs)).toEqual([
      { id: 'dallas', name: 'Dallas', routed: 3, answered: 2, missed: 1, payable: 1, owed: 33.33 },
      { id: 'texas', name: 'Texas', routed: 3, answered: 2, missed: 1, payable: 2, owed: 51 },
    ])
  })

  it('prints the month in the site’s time zone, agreeing with the Providers view to the cent', () => {
    const calls = new Map([['CA1', { caller: '+14695550123', page: '/ants' }], ['CA5', { caller: null, page: '' }]])
    const statement = buildStatement('2026-11', legs, calls, 'America/Chicago')
    expect(statement.rows.map((row) => [row.time, row.provider, row.caller, row.amount])).toEqual([
      ['2026-11-03 09:00', 'Texas', '(469) ***-**23', 25.5],
      ['2026-11-04 10:00', 'Dallas', 'withheld', 33.33],
      ['2026-11-30 21:00', 'Texas', 'withheld', 25.5],
    ])
    expect(statement.total).toBe(84.33)
    const view = providerMonths(legs, 'America/Chicago').filter((row) => row.month === '2026-11')
    expect(view.reduce((sum, row) => sum + Math.round(row.owed * 100), 0)).toBe(Math.round(statement.total * 100))
    expect(statementCsv(statement).split('\n').at(-2)).toBe('total,,,,,,,84.33')
    expect(buildStatement('2026-11', legs, calls, 'America/Chicago', 'dallas').total).toBe(33.33)
    expect(maskedCaller('+12145550101')).toBe('(214) ***-**01')
  })
})
