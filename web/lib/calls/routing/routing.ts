import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { capPeriod, takeProvider, type CapPeriod } from '../../providers/caps.ts'
import type { Provider } from '../../providers/provider.ts'
import { rankProviders, type CallerPlace } from '../../providers/route.ts'
import { placeLabel, placeOfCallerState, placeOfCode, placeOfZip } from '../../providers/where.ts'
import { withinMs } from '../deadline.ts'
import type { CallLeg } from '../store/legRecords.ts'
import type { VoiceSettings } from '../settings.ts'
import { escapeXml, recordingAttributes, recordingOpening, STATUS_PATH, TWIML_HEAD, type RecordingTwiml } from '../webhooks/twiml.ts'

/**
 * Routing a call to providers: where the caller is (the visit the call joins, else a keyed-in ZIP code, else
 * the calling number's state), which providers to try and in what order (web/lib/providers), and the TwiML
 * that rings each in turn. The order is worked out once when the call comes in and carried in the `<Dial
 * action>` address (Twilio signs it), so each leg's callback knows what comes next without the store.
 * The store is asked only for the visit and the caps, each within what is left of a few milliseconds; a
 * store that does not answer in time routes the call without the cap check, said on stderr.
 */
export interface RoutingStore {
  /** The place and pest of the visit holding `number` at `at`, if any. */
  visit(number: string, at: number): Promise<{ place: string; pest: string; page: string } | undefined>
  take(provider: Provider, period: CapPeriod, now: number): Promise<boolean>
}

export function storeRouting(open: () => Promise<Kysely<Database>>): RoutingStore {
  return {
    async visit(number, at) {
      const db = await open()
      const lease = await db.selectFrom('voice_leases').select(['place', 'pest', 'page']).where('number', '=', number).where('leased_at', '<=', at).where('expires_at', '>=', at).orderBy('leased_at', 'desc').limit(1).executeTakeFirst()
      return lease ? { place: String(lease.place), pest: String(lease.pest), page: String(lease.page) } : undefined
    },
    take: async (provider, period, now) => takeProvider(await open(), provider, period, now),
  }
}

/** What a routed call carries from leg to leg, in the action address. */
export interface RouteState {
  /** The providers to try, in order. */
  ids: string[]
  /** The leg now ringing: an index into `ids`, or ids.length for the business line. */
  leg: number
  where: CallerPlace
  pest: string
  page: string
  /** The provider now ringing was counted against its caps. */
  taken: boolean
}

export function encodeState(state: RouteState): string {
  const params = new URLSearchParams({ r: state.ids.join(','), n: String(state.leg) })
  if (state.where.zip) params.set('z', state.where.zip)
  if (state.where.place) params.set('pl', state.where.place)
  if (state.where.state) params.set('st', state.where.state)
  if (state.pest) params.set('pe', state.pest)
  if (state.page) params.set('pg', state.page)
  if (state.taken) params.set('t', '1')
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
  return { ids: ids ? ids.split(',') : [], leg, where, pest: search.get('pe') ?? '', page: search.get('pg') ?? '', taken: search.get('t') === '1' }
}

export const ZIP_STEP = '/api/voice/incoming?zip=1'

/** Asks the caller for a ZIP code; no answer goes on to the same address without digits. */
export function zipGatherTwiml(prompt: string): string {
  return `${TWIML_HEAD}<Response><Gather input="dtmf" numDigits="5" timeout="6" action="${escapeXml(ZIP_STEP)}" method="POST"><Say>${escapeXml(prompt)}</Say></Gather><Redirect method="POST">${escapeXml(ZIP_STEP)}</Redirect></Response>`
}

function whisperUrl(provider: Provider, state: RouteState, settings: VoiceSettings): string {
  const params = new URLSearchParams({ p: provider.id, pl: placeLabel(state.where), pe: settings.pests.find((pest) => pest.id === state.pest)?.name ?? '', pg: state.page })
  return `/api/voice/whisper?${params}`
}

function dialTo(number: string, state: RouteState, ringSeconds: number, url: string | undefined, recording: RecordingTwiml | undefined, opening: boolean): string {
  const noun = url ? `<Number url="${escapeXml(url)}" method="POST">${escapeXml(number)}</Number>` : `<Number>${escapeXml(number)}</Number>`
  const first = opening ? recordingOpening(recording) : ''
  return `${TWIML_HEAD}<Response>${first}<Dial action="${escapeXml(encodeState(state))}" method="POST" timeout="${ringSeconds}" answerOnBridge="true"${recordingAttributes(recording)}>${noun}</Dial></Response>`
}

export interface Budget {
  /** Epoch ms after which the store is no longer waited for. */
  until: number
}

/**
 * The next line to ring from `state.leg` on: the first provider still open whose caps have room, else the
 * business line, else null (the call is missed).
 */
export async function nextLeg(state: RouteState, settings: VoiceSettings, store: RoutingStore | undefined, now: number, budget: Budget, recording?: RecordingTwiml, opening = false): Promise<string | null> {
  const byId = new Map(settings.providers.map((provider) => [provider.id, provider]))
  const period = capPeriod(now, settings.timeZone)
  for (let leg = state.leg; leg < state.ids.length; leg++) {
    const provider = byId.get(state.ids[leg]!)
    if (!provider) continue
    let taken: boolean | undefined
    const left = budget.until - Date.now()
    if (store && left > 0) {
      taken = await withinMs(
        store.take(provider, period, now).catch((error: unknown) => {
          console.error(`[routing] caps not counted: ${error instanceof Error ? error.message : String(error)}`)
          return undefined
        }),
        left,
      )
    }
    if (taken === false) continue
    if (taken === undefined) console.error(`[routing] the store did not answer in time: ${provider.name} rung without the cap check`)
    const next = { ...state, leg, taken: taken === true }
    return dialTo(provider.phone, next, settings.routing.ringSeconds, whisperUrl(provider, next, settings), recording, opening)
  }
  if (state.leg <= state.ids.length && settings.businessLine) return dialTo(settings.businessLine, { ...state, leg: state.ids.length, taken: false }, settings.routing.ringSeconds, undefined, recording, opening)
  return null
}

/** The pest of a visit's keyword or page address: the pest with the longest match word found in it. */
export function pestOfVisit(text: string, pests: VoiceSettings['pests']): string {
  const haystack = ` ${text.toLowerCase().replace(/[^a-z0-9áéíóúñü]+/g, ' ')} `
  let best = { id: '', length: 0 }
  for (const pest of pests) for (const word of pest.words) if (word.length > best.length && haystack.includes(` ${word} `)) best = { id: pest.id, length: word.length }
  return best.id
}

export interface IncomingRoute {
  /** The TwiML answer: a ZIP prompt, the first leg, or null (nothing to ring: the caller is missed). */
  twiml: string | null
}

/** "A call comes in" with routing on: where the caller is, the order of providers, and the first leg. */
export async function routeIncoming(params: URLSearchParams, search: URLSearchParams, settings: VoiceSettings, store: RoutingStore | undefined, now: number, budget: Budget, recording?: RecordingTwiml): Promise<IncomingRoute> {
  const to = params.get('To') ?? ''
  let visit: { place: string; pest: string; page: string } | undefined
  if (store && settings.pool.includes(to)) {
    visit = await withinMs(
      store.visit(to, now).catch(() => undefined),
      Math.max(0, budget.until - Date.now()),
    )
  }
  let where: CallerPlace | null = visit?.place ? placeOfCode(visit.place) : null
  const zipStep = search.get('zip') === '1'
  if (!where && settings.routing.askZipWhenUnknown) {
    if (!zipStep) return { twiml: zipGatherTwiml(settings.routing.zipPrompt) }
    where = placeOfZip(params.get('Digits') ?? '') ?? {}
  }
  where ??= placeOfCallerState(params.get('FromState')) ?? {}
  const pest = visit?.pest ?? ''
  const ranked = rankProviders(settings.providers, where, pest, now).slice(0, settings.routing.maxProviders)
  const state: RouteState = { ids: ranked.map((provider) => provider.id), leg: 0, where, pest, page: visit?.page ?? '', taken: false }
  return { twiml: await nextLeg(state, settings, store, now, budget, recording, true) }
}

/** A leg's outcome from the Dial callback: a completed call the provider did not take (no key pressed) is declined. */
export function legOutcome(dialStatus: string, bridged: string | null): string {
  if (dialStatus === 'completed' || dialStatus === 'answered') return bridged === 'false' ? 'declined' : 'answered'
  return ['busy', 'no-answer', 'failed', 'canceled'].includes(dialStatus) ? dialStatus : 'failed'
}

/** The leg record of the line that just rang. */
export function legRecord(callSid: string, state: RouteState, settings: VoiceSettings, outcome: string, talkSeconds: number, now: number): CallLeg {
  const provider = settings.providers.find((known) => known.id === state.ids[state.leg])
  const business = state.leg >= state.ids.length
  return {
    callSid,
    seq: state.leg,
    providerId: business ? '' : (state.ids[state.leg] ?? ''),
    providerName: business ? '' : (provider?.name ?? ''),
    outcome,
    talkSeconds: outcome === 'answered' ? talkSeconds : 0,
    billableSeconds: provider?.billableSeconds ?? settings.minTalkSeconds,
    payoutCents: Math.round((provider?.payout ?? 0) * 100),
    place: placeLabel(state.where),
    pest: settings.pests.find((pest) => pest.id === state.pest)?.name ?? '',
    at: now,
    taken: state.taken && !business ? capPeriod(now, settings.timeZone) : null,
  }
}
