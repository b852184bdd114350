import { placeOfCode } from '../../providers/where.ts'
import { withinMs } from '../deadline.ts'
import type { RoutingStore } from '../routing/routing.ts'
import { callerStateOf, recordingAllowed, type RecordCallsFrom } from './recordingConsent.ts'

/**
 * The caller's state for the recording decision on a call that is not routed to providers (routing works out
 * its own place): the visit the pool number was lent to, else Twilio's `FromState`. The store is asked only when
 * the answer matters (recording on, one-party-consent states only) and only within `until`; a store that does
 * not answer leaves the calling number's state, and none at all counts as all-party.
 */
export async function consentStateOf(
  params: URLSearchParams,
  settings: { recording: boolean; recordCallsFrom: RecordCallsFrom; pool: readonly string[] },
  store: RoutingStore | undefined,
  now: number,
  until: number,
): Promise<string | undefined> {
  if (!settings.recording || settings.recordCallsFrom === 'everyState') return undefined
  const to = params.get('To') ?? ''
  let visitState: string | undefined
  if (store && settings.pool.includes(to)) {
    const visit = await withinMs(
      store.visit(to, now).catch(() => undefined),
      Math.max(0, until - Date.now()),
    )
    visitState = visit?.place ? placeOfCode(visit.place)?.state : undefined
  }
  return callerStateOf(visitState, params.get('FromState'))
}

/** The settings with recording off for a caller whose call may not be recorded (recordingConsent.ts), else as they are. */
export function consented<T extends { recording: boolean; recordCallsFrom: RecordCallsFrom }>(settings: T, callerState: string | null | undefined): T {
  return settings.recording && !recordingAllowed(settings, callerState) ? { ...settings, recording: false } : settings
}

/**
 * The settings a `<Dial action>` callback acts on: recording off when the caller's state does not allow it. The
 * state is the one the call's first answer used — carried as `st` in the signed action address (routing's place,
 * or the visit's) — else Twilio's `FromState`: each later leg and the voicemail are judged like the first.
 */
export function consentedForCallback<T extends { recording: boolean; recordCallsFrom: RecordCallsFrom }>(settings: T | undefined, pathAndQuery: string, params: URLSearchParams): T | undefined {
  if (!settings) return settings
  const search = new URL(pathAndQuery, 'http://x').searchParams
  return consented(settings, callerStateOf(search.get('st'), params.get('FromState')))
}
