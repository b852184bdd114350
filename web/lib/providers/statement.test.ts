import { describe, expect, it } from 'vitest'
import { maskedCaller } from '../phone'
import { buildStatement, providerMonths, providerTotals, routingOfCalls, statementCsv, type LegRow } from './statement'
import { isPayable, notPayableBecause } from './payable'

const at = (day: number, hour: number) => Date.UTC(2026, 10, day, hour)
const leg = (callSid: string, seq: number, providerId: string, outcome: string, talkSeconds: number, when: number, payoutCents = 4000, why = ''): LegRow => {
  const verdict = why || notPayableBecause({ outcome, talkSeconds, billableSeconds: 60 })
  return { callSid, seq, providerId, providerName: providerId ? `${providerId[0]!.toUpperCase()}${providerId.slice(1)}` : '', outcome, talkSeconds, ringSeconds: 12, billableSeconds: 60, payoutCents, place: 'Dallas, TX', pest: 'Ants', at: when, payable: verdict === '', why: verdict }
}

const legs: LegRow[] = [
  leg('CA1', 0, 'dallas', 'no-answer', 0, at(3, 15)),
  leg('CA1', 1, 'texas', 'answered', 95, at(3, 15), 2550),
  leg('CA2', 0, 'dallas', 'answered', 75, at(4, 16), 3333),
  leg('CA3', 0, 'dallas', 'answered', 30, at(5, 16), 3333),
  leg('CA4', 0, 'texas', 'busy', 0, at(6, 16)),
  leg('CA4', 1, '', 'no-answer', 0, at(6, 16)),
  // 1 December 03:00 UTC is still 30 November in Chicago.
  leg('CA5', 0, 'texas', 'answered', 61, Date.UTC(2026, 11, 1, 3), 2550),
  leg('CA6', 0, 'dallas', 'answered', 200, at(7, 16), 3333, 'same caller within 30 days'),
  leg('CA7', 0, 'texas', 'caller-hung-up', 0, at(8, 16)),
]

describe('what is payable, and why not', () => {
  it('names the reason a statement prints, in order of what happened', () => {
    const answered = { outcome: 'answered', talkSeconds: 150, billableSeconds: 60 }
    expect(notPayableBecause({ ...answered, outcome: 'caller-hung-up', talkSeconds: 0 })).toBe('caller hung up')
    expect(notPayableBecause({ ...answered, outcome: 'no-answer', talkSeconds: 0 })).toBe('not answered')
    expect(notPayableBecause({ ...answered, talkSeconds: 59 })).toBe('under billable seconds')
    expect(notPayableBecause({ ...answered, callOutcome: 'spam' })).toBe('judged spam')
    expect(notPayableBecause({ ...answered, callOutcome: 'not-a-lead' })).toBe('judged not a lead')
    expect(notPayableBecause({ ...answered, overCap: true })).toBe('over cap')
    expect(notPayableBecause({ ...answered, duplicateWithinDays: 30 })).toBe('same caller within 30 days')
    expect(isPayable({ ...answered, callOutcome: 'booked' })).toBe(true)
    expect(isPayable({ ...answered, callOutcome: '' })).toBe(true)
  })
})

describe('provider statements', () => {
  it('gives each call the provider it reached, its legs in order and whether it is payable', () => {
    const calls = routingOfCalls(legs)
    expect(calls.get('CA1')).toEqual({ provider: 'texas', payable: true, legs: [{ provider: 'dallas', name: 'Dallas', order: 1, outcome: 'no-answer', seconds: 0, why: 'not answered' }, { provider: 'texas', name: 'Texas', order: 2, outcome: 'answered', seconds: 95, why: '' }] })
    expect(calls.get('CA3')).toMatchObject({ provider: 'dallas', payable: false })
    expect(calls.get('CA4')).toMatchObject({ provider: null, payable: false })
  })

  it('counts per provider what was routed, answered, missed and payable, and what is owed, to the cent', () => {
    expect(providerTotals(legs)).toEqual([
      { id: 'dallas', name: 'Dallas', routed: 4, answered: 3, missed: 1, payable: 1, owed: 33.33 },
      { id: 'texas', name: 'Texas', routed: 4, answered: 2, missed: 2, payable: 2, owed: 51 },
    ])
  })

  it('lists every call that rang the provider in the month, by the call’s start in the site’s zone, payable or why not', () => {
    const calls = new Map([
      ['CA1', { caller: '+14695550123', page: '/ants', startedAt: at(3, 15) - 30_000 }],
      ['CA5', { caller: null, page: '' }],
      // Started 23:30 on 9 November in Chicago (05:30 UTC on the 10th): that day's statement.
      ['CA7', { caller: '+12145550188', page: '/ants', startedAt: Date.UTC(2026, 10, 10, 5, 30) }],
    ])
    const statement = buildStatement('2026-11', legs, calls, 'America/Chicago')
    expect(statement.rows.map((row) => [row.callSid, row.time, row.provider, row.caller, row.payable, row.why, row.amount])).toEqual([
      ['CA1', '2026-11-03 08:59', 'Dallas', '(469) ***-**23', false, 'not answered', 0],
      ['CA1', '2026-11-03 08:59', 'Texas', '(469) ***-**23', true, '', 25.5],
      ['CA2', '2026-11-04 10:00', 'Dallas', 'withheld', true, '', 33.33],
      ['CA3', '2026-11-05 10:00', 'Dallas', 'withheld', false, 'under billable seconds', 0],
      ['CA4', '2026-11-06 10:00', 'Texas', 'withheld', false, 'not answered', 0],
      ['CA6', '2026-11-07 10:00', 'Dallas', 'withheld', false, 'same caller within 30 days', 0],
      ['CA7', '2026-11-09 23:30', 'Texas', '(214) ***-**88', false, 'caller hung up', 0],
      ['CA5', '2026-11-30 21:00', 'Texas', 'withheld', true, '', 25.5],
    ])
    expect(statement.rows[0]).toMatchObject({ ringSeconds: 12, talkSeconds: 0, place: 'Dallas, TX', pest: 'Ants', page: '/ants' })
    expect(statement.total).toBe(84.33)
    const view = providerMonths(legs, 'America/Chicago', calls).filter((row) => row.month === '2026-11')
    expect(view.reduce((sum, row) => sum + Math.round(row.owed * 100), 0)).toBe(Math.round(statement.total * 100))
    const csv = statementCsv(statement).trim().split('\n')
    expect(csv[0]).toBe('call_id,time,provider,caller,place,pest,page,ring_seconds,talk_seconds,payable,why_not,amount')
    expect(csv[1]).toBe('CA1,2026-11-03 08:59,Dallas,(469) ***-**23,"Dallas, TX",Ants,/ants,12,0,no,not answered,0.00')
    expect(csv.at(-1)).toBe('total,,,,,,,,,,,84.33')
    expect(buildStatement('2026-11', legs, calls, 'America/Chicago', 'dallas').total).toBe(33.33)
    expect(maskedCaller('+12145550101')).toBe('(214) ***-**01')
  })
})
