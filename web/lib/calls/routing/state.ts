import type { CallerPlace } from '../../providers/route.ts'
import { placeLabel } from '../../providers/where.ts'
import type { CallLeg } from '../store/legRecords.ts'
import type { VoiceSettings } from '../settings.ts'
import { STATUS_PATH } from '../webhooks/twiml.ts'

/**
 * What a routed call carries from leg to leg in its `<Dial action>` address (Twilio signs the address, so it
 * cannot be changed on the way): the providers to try, the leg ringing now and since when, where the caller is,
 * the pest and the page. Each leg's callback knows what comes next without asking the store.
 */
export interface RouteState {
  /** The providers to try, in order. */
  ids: string[]
  /** The leg now ringing: an index into `ids`, or ids.length for the business line. */
  leg: number
  where: CallerPlace
  pest: string
  page: string
  /** When the leg now ringing was dialled (epoch ms); 0 when not known. */
  dialledAt: number
}

export function encodeState(state: RouteState): string {
  const params = new URLSearchParams({ r: state.ids.join(','), n: String(state.leg) })
  if (state.where.zip) params.set('z', state.where.zip)
  if (state.where.place) params.set('pl', state.where.place)
  if (state.where.state) params.set('st', state.where.state)
  if (state.pest) params.set('pe', state.pest)
  if (state.page) params.set('pg', state.page)
  if (state.dialledAt) params.set('d', String(state.dialledAt))
  return `${STATUS_PATH}?${params}`
}

export function decodeState(search: URLSearchParams): RouteState | null {
  const ids = search.get('r')
  const leg = Number(search.get('n'))
  if (ids === null || !Number.isInteger(leg) || leg < 0) return null
  const where: CallerPlace = {}
  for (const [key, name] of [['z', 'zip'], ['pl', 'place'], ['st', 'state']] as const) {
    const value = search.get(key)
    if (value) where[name] = value
  }
  const dialledAt = Number(search.get('d') ?? 0)
  return { ids: ids ? ids.split(',') : [], leg, where, pest: search.get('pe') ?? '', page: search.get('pg') ?? '', dialledAt: Number.isSafeInteger(dialledAt) && dialledAt > 0 ? dialledAt : 0 }
}

/**
 * A leg's outcome from the Dial callback. A completed call the provider did not take (no key pressed) is
 * declined; a leg that ended because the caller hung up (the parent call's CallStatus is completed) while it
 * rang or played the whisper is `caller-hung-up`.
 */
export function legOutcome(dialStatus: string, bridged: string | null, parentStatus = ''): string {
  const answered = (dialStatus === 'completed' || dialStatus === 'answered') && bridged !== 'false'
  if (answered) return 'answered'
  if (parentStatus === 'completed') return 'caller-hung-up'
  if (dialStatus === 'completed' || dialStatus === 'answered') return 'declined'
  return ['busy', 'no-answer', 'failed', 'canceled'].includes(dialStatus) ? dialStatus : 'failed'
}

const pestName = (settings: VoiceSettings, pest: string) => settings.pests.find((known) => known.id === pest)?.name ?? ''

/** The leg record of the line that just rang (or is ringing, for `outcome` given later), as of `now`. */
export function legRecord(callSid: string, state: RouteState, settings: VoiceSettings, outcome: string, talkSeconds: number, now: number, callerKey: string): CallLeg {
  const provider = settings.providers.find((known) => known.id === state.ids[state.leg])
  const business = state.leg >= state.ids.length
  const at = state.dialledAt && state.dialledAt <= now ? state.dialledAt : now
  const talk = outcome === 'answered' && Number.isFinite(talkSeconds) ? Math.max(0, talkSeconds) : 0
  return {
    callSid,
    seq: state.leg,
    providerId: business ? '' : (state.ids[state.leg] ?? ''),
    providerName: business ? '' : (provider?.name ?? ''),
    outcome,
    talkSeconds: talk,
    ringSeconds: Math.max(0, Math.round((now - at) / 1000 - talk)),
    billableSeconds: provider?.billableSeconds ?? settings.minTalkSeconds,
    payoutCents: Math.round((provider?.payout ?? 0) * 100),
    place: placeLabel(state.where),
    pest: pestName(settings, state.pest),
    at,
    callerKey,
    duplicateDays: provider?.duplicateDays ?? 0,
  }
}
