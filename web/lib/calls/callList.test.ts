import { describe, expect, it } from 'vitest'
import { CALL_CSV_HEADER, callsCsv, filterCalls, pageOf, PAGE_SIZE } from './callList'
import { buildVoiceReport } from './report'
import { maskedCaller } from '../phone'
import type { StoredCall } from './store/store'

const base: StoredCall = { callSid: 'CA1', trackingNumber: '+13125550161', caller: '+15125550134', startedAt: Date.UTC(2026, 10, 25, 15), status: 'answered', talkSeconds: 95, qualified: true, firstTime: true, leaseId: 'l', landedAt: null, page: '/ants', keyword: 'ants', location: 'Austin, TX', experiment: '', version: '', campaign: '', clickKind: 'gclid', clickId: 'G1', outcome: 'lead', outcomeReason: 'Answered and talked 95 s.', outcomeBy: '', bookedValue: null, recordingSid: null, recordingSeconds: null, payout: null }
const calls = [
  base,
  { ...base, callSid: 'CA2', startedAt: base.startedAt + 86_400_000, outcome: 'spam' as const, outcomeReason: 'The caller said “hiring”.', clickKind: 'msclkid' as const, qualified: false },
  { ...base, callSid: 'CA3', startedAt: base.startedAt + 2 * 86_400_000, outcome: 'booked' as const, bookedValue: 400, clickKind: '' as const, caller: null },
]
const report = buildVoiceReport(calls, [], [], { values: { leadValue: 50, bookedValue: 250 }, transcripts: new Map([['CA2', 'Are you hiring?']]) })

describe('the Calls view’s list', () => {
  it('masks callers, values outcomes and carries the transcript per call', () => {
    expect(maskedCaller('+15125550134')).toBe('(512) ***-**34')
    expect(report.calls.map((call) => [call.id, call.caller, call.outcome, call.value, call.qualified, call.transcript])).toEqual([
      ['CA1', '(512) ***-**34', 'lead', 50, true, ''],
      ['CA2', '(512) ***-**34', 'spam', 0, false, 'Are you hiring?'],
      ['CA3', '', 'booked', 400, true, ''],
    ])
  })

  it('filters by day (site zone), outcome and source, newest first, and pages', () => {
    const zone = 'America/Chicago'
    expect(filterCalls(report.calls, { from: '', to: '', outcome: '', source: '' }, zone).map((call) => call.id)).toEqual(['CA3', 'CA2', 'CA1'])
    expect(filterCalls(report.calls, { from: '2026-11-26', to: '2026-11-26', outcome: '', source: '' }, zone).map((call) => call.id)).toEqual(['CA2'])
    expect(filterCalls(report.calls, { from: '', to: '', outcome: 'booked', source: '' }, zone).map((call) => call.id)).toEqual(['CA3'])
    expect(filterCalls(report.calls, { from: '', to: '', outcome: '', source: 'direct' }, zone).map((call) => call.id)).toEqual(['CA3'])
    const many = Array.from({ length: PAGE_SIZE + 3 }, (_, index) => index)
    expect(pageOf(many, 1)).toEqual({ rows: [25, 26, 27], page: 1, pages: 2 })
    expect(pageOf(many, 9).page).toBe(1)
  })

  it('downloads the rows shown as a spreadsheet without a whole caller’s number', () => {
    const csv = callsCsv(filterCalls(report.calls, { from: '', to: '', outcome: 'spam', source: '' }, 'America/Chicago'), 'America/Chicago')
    expect(csv).toBe(`${CALL_CSV_HEADER}\n2026-11-26 09:00:00,(512) ***-**34,(312) 555-0161,Microsoft Ads,,ants,/ants,"Austin, TX",,95,Spam,The caller said “hiring”.,0,CA2\n`)
    expect(csv).not.toContain('5125550134')
  })
})
