import type { Outcome, OutcomeRules } from './rules.ts'

/**
 * The automatic outcome of one call, with the reason an office manager reads: the first rule that applies
 * wins, strongest signal first — the blocked list, a failed STIR/SHAKEN attestation, the business's own
 * numbers, a burst of repeat calls (unless the caller held a conversation), the caller's phrases that make a
 * call spam, not a lead or an existing customer, then whether and how long the call was answered, whether the
 * caller is new, and only then the phrases that make a lead or a booked job: no phrase makes a short call, a
 * repeat caller or a withheld number a lead. The provider's own words never decide (records.ts passes the
 * caller's track only). No rule applies to a call still ringing (no outcome yet).
 */
export interface CallFacts {
  status: 'ringing' | 'answered' | 'missed' | 'busy'
  talkSeconds: number
  /** The caller's number (+1…), '' when withheld or no longer kept. */
  caller: string
  /** Twilio's StirVerstat on "A call comes in"; '' when absent. */
  stirVerstat: string
  /** No answered call from this caller within the first-caller days. */
  firstTime: boolean
  /** Calls from this caller within the repeat window, this one included. */
  recentCalls: number
  /** What the caller said (their track and their voicemail), every final segment in order ('' without transcription). */
  transcript: string
  /** The caller reached someone and talked at least the billable seconds: judged by that conversation, not by redials. */
  conversation?: boolean
  /** The caller ID was withheld (no keyed hash): nobody to count twice, and not billed without a look. */
  withheld?: boolean
  /** Why a missed call was missed, when more is known than "nobody answered" (the caller hung up while … rang). */
  endNote?: string
}

export interface Decision {
  outcome: Outcome | ''
  reason: string
}

/** The phrase lists a caller's words are read against. */
type PhraseList = 'spam' | 'not-a-lead' | 'existing-customer' | 'booked' | 'lead'

/** Lower case, punctuation as spaces, single spaces: "Calling about your business-listing!" → "calling about your business listing". */
export function normalizeSpeech(text: string): string {
  return ` ${text.toLowerCase().replace(/[^\p{L}\p{N}']+/gu, ' ').trim()} `
}

/** The first phrase of `phrases` said as whole words in `transcript`, or null. */
export function phraseSaid(transcript: string, phrases: readonly string[]): string | null {
  const said = normalizeSpeech(transcript)
  for (const phrase of phrases) {
    const wanted = normalizeSpeech(phrase)
    if (wanted.trim() && said.includes(wanted)) return phrase
  }
  return null
}

/** A failed attestation: Twilio's TN-Validation-Failed-A/B/C. Passed, absent or "No-TN-Validation" are no signal. */
export const stirShakenFailed = (verstat: string) => /^TN-Validation-Failed/i.test(verstat.trim())

export function decideOutcome(facts: CallFacts, rules: OutcomeRules): Decision {
  if (facts.caller && rules.blockedCallers.includes(facts.caller)) return { outcome: 'spam', reason: 'The caller is on the blocked callers list.' }
  if (rules.stirShaken && stirShakenFailed(facts.stirVerstat)) {
    return { outcome: 'spam', reason: `Suspected spam: the caller ID failed STIR/SHAKEN verification (${facts.stirVerstat.trim()}), so the number was likely faked.` }
  }
  if (facts.caller && rules.staffNumbers.includes(facts.caller)) return { outcome: 'not-a-lead', reason: 'The call came from the business line or a provider’s own number.' }
  if (!facts.conversation && facts.recentCalls >= rules.repeatCalls) return { outcome: 'spam', reason: `${facts.recentCalls} calls from this caller within ${rules.repeatMinutes} minutes.` }
  // Phrases that take a call away from a lead count at any length; those that make one only for a conversation.
  const said = facts.transcript.trim() ? (list: readonly PhraseList[]) => list.map((outcome) => ({ outcome, phrase: phraseSaid(facts.transcript, rules.phrases[outcome]) })).find((hit) => hit.phrase) : () => undefined
  const against = said(['spam', 'not-a-lead', 'existing-customer'])
  if (against) return { outcome: against.outcome, reason: `The caller said “${against.phrase}”.` }
  if (facts.status === 'ringing') return { outcome: '', reason: '' }
  if (facts.status === 'busy') return { outcome: 'missed', reason: facts.endNote || 'The business line was busy.' }
  if (facts.status === 'missed') return { outcome: 'missed', reason: facts.endNote || 'Nobody answered.' }
  if (!facts.firstTime) return { outcome: 'existing-customer', reason: `This caller was answered before within ${rules.firstCallerDays} days.` }
  if (facts.talkSeconds < rules.minTalkSeconds) return { outcome: 'not-a-lead', reason: `Talked ${facts.talkSeconds} s, under the ${rules.minTalkSeconds} s minimum.` }
  if (facts.withheld) return { outcome: 'unverified', reason: 'The caller’s number was withheld: listen to the call and mark it before it counts.' }
  const lead = said(['booked', 'lead'])
  if (lead) return { outcome: lead.outcome, reason: `The caller said “${lead.phrase}”.` }
  return { outcome: 'lead', reason: `Answered and talked ${facts.talkSeconds} s, the caller’s first call.` }
}
