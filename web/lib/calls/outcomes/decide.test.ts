import { describe, expect, it } from 'vitest'
import { decideOutcome, phraseSaid, stirShakenFailed, type CallFacts } from './decide'
import { countsAsQualified, outcomeRules, outcomeValue } from './rules'

const rules = outcomeRules(null, { minTalkSeconds: 60, firstCallerDays: 30, businessLine: '+13125550150' })
const answered: CallFacts = { status: 'answered', talkSeconds: 95, caller: '+14155550123', stirVerstat: '', firstTime: true, recentCalls: 1, transcript: '' }

describe('call outcomes decided by the rules', () => {
  it('a first-time caller who talked long enough is a lead; short, repeat and unanswered calls are not', () => {
    expect(decideOutcome(answered, rules)).toEqual({ outcome: 'lead', reason: 'Answered and talked 95 s, the caller’s first call.' })
    expect(decideOutcome({ ...answered, talkSeconds: 12 }, rules)).toEqual({ outcome: 'not-a-lead', reason: 'Talked 12 s, under the 60 s minimum.' })
    expect(decideOutcome({ ...answered, firstTime: false }, rules).outcome).toBe('existing-customer')
    expect(decideOutcome({ ...answered, status: 'missed', talkSeconds: 0 }, rules)).toEqual({ outcome: 'missed', reason: 'Nobody answered.' })
    expect(decideOutcome({ ...answered, status: 'ringing', talkSeconds: 0 }, rules).outcome).toBe('')
  })

  it('a failed STIR/SHAKEN attestation is spam naming STIR/SHAKEN; passed or absent is no signal', () => {
    const failed = decideOutcome({ ...answered, stirVerstat: 'TN-Validation-Failed-B' }, rules)
    expect(failed.outcome).toBe('spam')
    expect(failed.reason).toContain('STIR/SHAKEN')
    expect(failed.reason).toContain('TN-Validation-Failed-B')
    for (const verstat of ['', 'TN-Validation-Passed-A', 'No-TN-Validation']) expect(decideOutcome({ ...answered, stirVerstat: verstat }, rules).outcome).toBe('lead')
    expect(stirShakenFailed('tn-validation-failed-c')).toBe(true)
    expect(decideOutcome({ ...answered, stirVerstat: 'TN-Validation-Failed-A' }, { ...rules, stirShaken: false }).outcome).toBe('lead')
  })

  it('the transcript decides by the phrase lists, spam first, and says which phrase', () => {
    expect(decideOutcome({ ...answered, transcript: "Hi, I'm calling about your business listing on Google." }, rules)).toEqual({ outcome: 'spam', reason: 'The caller said “calling about your business listing”.' })
    expect(decideOutcome({ ...answered, transcript: 'How much to come out for wasps?' }, rules)).toMatchObject({ outcome: 'lead', reason: 'The caller said “how much”.' })
    // No phrase makes a lead of a call shorter than the minimum, of a repeat caller or of a withheld number.
    expect(decideOutcome({ ...answered, talkSeconds: 10, transcript: 'I want to schedule' }, rules)).toMatchObject({ outcome: 'not-a-lead' })
    expect(decideOutcome({ ...answered, firstTime: false, transcript: 'How much for a quote?' }, rules)).toMatchObject({ outcome: 'existing-customer' })
    expect(decideOutcome({ ...answered, recentCalls: 3, transcript: 'schedule' }, rules)).toMatchObject({ outcome: 'spam' })
    expect(decideOutcome({ ...answered, withheld: true, transcript: 'schedule' }, rules)).toMatchObject({ outcome: 'unverified' })
    // A caller who held a conversation is judged by it, not by how often they dialled.
    expect(decideOutcome({ ...answered, recentCalls: 3, conversation: true }, rules)).toMatchObject({ outcome: 'lead' })
    expect(decideOutcome({ ...answered, transcript: 'My technician said to call back. How much do I owe?' }, rules).outcome).toBe('existing-customer')
    expect(decideOutcome({ ...answered, transcript: 'Are you hiring technicians?' }, rules).outcome).toBe('not-a-lead')
    // Whole words only: "schedules" is not "schedule", "rehiring" is not "hiring".
    expect(phraseSaid('our schedules are full', ['schedule'])).toBeNull()
    expect(phraseSaid('rehiring', ['hiring'])).toBeNull()
  })

  it('blocked callers, the business’s own numbers and bursts of calls come before anything said', () => {
    const edited = outcomeRules({ blockedCallers: ['+14155550123'], staffNumbers: ['+13125550199'] }, { minTalkSeconds: 60, firstCallerDays: 30, businessLine: '+13125550150' })
    expect(decideOutcome({ ...answered, transcript: 'schedule' }, edited).outcome).toBe('spam')
    expect(decideOutcome({ ...answered, caller: '+13125550150' }, rules).outcome).toBe('not-a-lead')
    expect(decideOutcome({ ...answered, caller: '+13125550199' }, edited).outcome).toBe('not-a-lead')
    expect(decideOutcome({ ...answered, recentCalls: 3 }, rules)).toEqual({ outcome: 'spam', reason: '3 calls from this caller within 10 minutes.' })
  })

  it('only leads and booked jobs count as qualified once a call has an outcome; values by outcome', () => {
    expect(countsAsQualified({ outcome: 'lead', qualified: false })).toBe(true)
    expect(countsAsQualified({ outcome: 'booked', qualified: false })).toBe(true)
    expect(countsAsQualified({ outcome: 'spam', qualified: true })).toBe(false)
    expect(countsAsQualified({ outcome: '', qualified: true })).toBe(true)
    expect(outcomeValue('lead', null, rules)).toBe(50)
    expect(outcomeValue('booked', 400, rules)).toBe(400)
    expect(outcomeValue('existing-customer', null, rules)).toBe(0)
  })
})
