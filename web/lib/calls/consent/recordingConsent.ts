/**
 * Whether a call may be recorded and transcribed, by where the caller is. US states where recording a phone call
 * needs every party's consent ("all-party consent"), in their two capital letters. Telling both parties the call
 * "is recorded and transcribed" before they are joined is how the site asks for it (the caller's announcement, the
 * provider's whisper); with Site settings → Call tracking → "Record calls from" set to one-party-consent states
 * only, calls from these states are neither recorded nor transcribed at all.
 *
 * Source: recordphonecall.com, "One-Party vs. All-Party Quick Reference" (each state with its controlling
 * statute, recordphonecall.com/resources/one-party-vs-all-party), read with the project's notes on providers and
 * consent, both on 2026-11-29: all-party CA, CT, FL, IL, MD, MA, MT, NV, NH, PA and WA.
 * Delaware and Michigan are read both ways by the courts and the surveys: counted as all-party here, as an
 * unknown state is. Laws change: have counsel confirm the list before relying on it.
 */
export const ALL_PARTY_CONSENT_STATES: ReadonlySet<string> = new Set(['CA', 'CT', 'DE', 'FL', 'IL', 'MD', 'MA', 'MI', 'MT', 'NV', 'NH', 'PA', 'WA'])

export const ALL_PARTY_CONSENT_SOURCE = 'recordphonecall.com/resources/one-party-vs-all-party, read 2026-11-29'

/** Site settings → Call tracking → "Record calls from": every state (each caller told first), or one-party-consent states only. */
export type RecordCallsFrom = 'everyState' | 'onePartyStates'

export const parseRecordCallsFrom = (value: string | null | undefined): RecordCallsFrom => (value === 'onePartyStates' ? 'onePartyStates' : 'everyState')

/** A caller's state counts as known only as two capital letters. */
const knownState = (state: string | null | undefined): string | undefined => (state && /^[A-Z]{2}$/.test(state) ? state : undefined)

/**
 * The caller's state as far as the site knows it: the visit's or the keyed-in ZIP code's (routing works it out as
 * `where.state`), else the state Twilio reports for the calling number (`FromState`); undefined when neither.
 */
export const callerStateOf = (placeState: string | null | undefined, fromState: string | null | undefined): string | undefined => knownState(placeState) ?? knownState(fromState)

/**
 * May this call be recorded and transcribed? Never with recording off; with "every state", always (the caller
 * and the provider are told first); with "one-party-consent states only", only for a caller known to be in a
 * state that is not all-party: an unknown state counts as all-party.
 */
export function recordingAllowed(settings: { recording: boolean; recordCallsFrom: RecordCallsFrom }, callerState: string | null | undefined): boolean {
  if (!settings.recording) return false
  if (settings.recordCallsFrom === 'everyState') return true
  const state = knownState(callerState)
  return state !== undefined && !ALL_PARTY_CONSENT_STATES.has(state)
}

/** Does an announcement tell the listener the call is both recorded and transcribed (any form of the two words)? */
export function saysRecordedAndTranscribed(notice: string | null | undefined): boolean {
  const text = (notice ?? '').toLowerCase()
  return /\brecord(ed|ing)?\b/.test(text) && /\btranscri(bed|ption|pt|bing)\b/.test(text)
}
