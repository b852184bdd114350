import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { capPeriod, RING_GRACE_MS, takeProvider, type CapPeriod, type Take } from '../../providers/caps.ts'
import type { Provider } from '../../providers/provider.ts'
import { pausedReader } from '../../providers/pauses.ts'
import { rankProviders, type CallerPlace } from '../../providers/route.ts'
import { placeLabel, placeOfCallerState, placeOfCode, placeOfZip } from '../../providers/where.ts'
import { withinMs } from '../deadline.ts'
import type { VoiceSettings } from '../settings.ts'
import { escapeXml, recordingAttributes, recordingOpening, TWIML_HEAD, type RecordingTwiml } from '../webhooks/twiml.ts'
import { callerStateOf, recordingAllowed } from '../consent/recordingConsent.ts'
import { encodeState, legRecord, type RouteState } from './state.ts'

export { decodeState, encodeState, legOutcome, legRecord, type RouteState } from './state.ts'

/**
 * Routing a call to providers: where the caller is (the visit the call joins, else a keyed-in ZIP code, else
 * the calling number's state), which providers to try and in what order (web/lib/providers), and the TwiML
 * that rings each in turn. The order is worked out once when the call comes in and carried in the `<Dial
 * action>` address (state.ts). The store is asked only for the visit and the caps, within a budget (2 s in all
 * per webhook: the caller hears ringing meanwhile, and Twilio waits 15 s); a store that does not answer in time
 * routes the call anyway — a caller is never dropped for a count — and the leg's take is written once the store
 * answers (a late take, marked over the cap if it was).
 */
export interface RoutingStore {
  /** The place and pest of the visit holding `number` at `at`, if any. */
  visit(number: string, at: number): Promise<{ place: string; pest: string; page: string } | undefined>
  take(provider: Provider, period: CapPeriod, now: number, take: Take): Promise<boolean>
  /** Providers paused from their portal at `now` (web/lib/providers/pauses.ts): left out of new calls. */
  paused?(now: number): Promise<ReadonlySet<string>>
}

export function storeRouting(open: () => Promise<Kysely<Database>>): RoutingStore {
  // A pause is read at most a second old (one query a second per instance): honoured everywhere within 2 s.
  const pauses = pausedReader(open)
  return {
    paused: (now) => pauses.get(now),
    async visit(number, at) {
      const db = await open()
      const lease = await db.selectFrom('voice_leases').select(['place', 'pest', 'page']).where('number', '=', number).where('leased_at', '<=', at).where('expires_at', '>=', at).orderBy('leased_at', 'desc').limit(1).executeTakeFirst()
      return lease ? { place: String(lease.place), pest: String(lease.pest), page: String(lease.page) } : undefined
    },
    take: async (provider, period, now, take) => takeProvider(await open(), provider, period, now, take),
  }
}

/** How long routing waits for the store, in all, per webhook. */
export const ROUTING_BUDGET_MS = 2_000

export const ZIP_STEP = '/api/voice/incoming?zip=1'

/** Asks the caller for a ZIP code; no answer goes on to the same address without digits. */
export function zipGatherTwiml(prompt: string): string {
  return `${TWIML_HEAD}<Response><Gather input="dtmf" numDigits="5" timeout="6" action="${escapeXml(ZIP_STEP)}" method="POST"><Say>${escapeXml(prompt)}</Say></Gather><Redirect method="POST">${escapeXml(ZIP_STEP)}</Redirect></Response>`
}

function whisperUrl(provider: Provider, state: RouteState, settings: VoiceSettings, callSid: string): string {
  const params = new URLSearchParams({ p: provider.id, pl: placeLabel(state.where), pe: settings.pests.find((pest) => pest.id === state.pest)?.name ?? '', pg: state.page, c: callSid, n: String(state.leg) })
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

/** The call a leg belongs to: its sid and the caller's keyed hash ('' when withheld). */
export interface RoutedCall {
  callSid: string
  callerKey: string
}

/** A leg rung without the cap check: its take is written when the store answers (a `lateTake` voice job). */
export interface UncheckedLeg {
  provider: Pick<Provider, 'id' | 'dailyCap' | 'monthlyCap' | 'maxConcurrent'>
  timeZone: string
  take: Take
  at: number
}

export interface NextLeg {
  /** The TwiML that rings the next line, or null (nothing left to ring: the call is missed). */
  twiml: string | null
  unchecked?: UncheckedLeg
}

/**
 * The next line to ring from `state.leg` on: the first provider still open whose caps have room, else the
 * business line, else nothing (the call is missed).
 */
export async function nextLeg(state: RouteState, settings: VoiceSettings, store: RoutingStore | undefined, now: number, budget: Budget, call: RoutedCall, recording?: RecordingTwiml, opening = false): Promise<NextLeg> {
  const byId = new Map(settings.providers.map((provider) => [provider.id, provider]))
  const period = capPeriod(now, settings.timeZone)
  const ringSeconds = settings.routing.ringSeconds
  for (let leg = state.leg; leg < state.ids.length; leg++) {
    const provider = byId.get(state.ids[leg]!)
    if (!provider) continue
    const next = { ...state, leg, dialledAt: now }
    const take: Take = { callSid: call.callSid, seq: leg, expiresAt: now + ringSeconds * 1000 + RING_GRACE_MS, leg: JSON.stringify(legRecord(call.callSid, next, settings, 'caller-hung-up', 0, now, call.callerKey)) }
    let taken: boolean | undefined
    const left = budget.until - Date.now()
    if (store && left > 0) {
      taken = await withinMs(
        store.take(provider, period, now, take).catch((error: unknown) => {
          console.error(`[routing] caps not counted: ${error instanceof Error ? error.message : String(error)}`)
          return undefined
        }),
        left,
      )
    }
    if (taken === false) continue
    // Compliance: `rec=1` has the whisper tell the provider first that the call is recorded and transcribed.
    const twiml = dialTo(provider.phone, next, ringSeconds, `${whisperUrl(provider, next, settings, call.callSid)}${recording ? '&rec=1' : ''}`, recording, opening)
    if (taken === true || !store) return { twiml }
    console.error(`[routing] the store did not answer in time: ${provider.name} rung, its cap checked once the store answers`)
    return { twiml, unchecked: { provider: { id: provider.id, dailyCap: provider.dailyCap, monthlyCap: provider.monthlyCap, maxConcurrent: provider.maxConcurrent }, timeZone: settings.timeZone, take, at: now } }
  }
  if (state.leg <= state.ids.length && settings.businessLine) return { twiml: dialTo(settings.businessLine, { ...state, leg: state.ids.length, dialledAt: now }, ringSeconds, undefined, recording, opening) }
  return { twiml: null }
}

/** The pest of a visit's keyword or page address: the pest with the longest match word found in it. */
export function pestOfVisit(text: string, pests: VoiceSettings['pests']): string {
  const haystack = ` ${text.toLowerCase().replace(/[^a-z0-9áéíóúñü]+/g, ' ')} `
  let best = { id: '', length: 0 }
  for (const pest of pests) for (const word of pest.words) if (word.length > best.length && haystack.includes(` ${word} `)) best = { id: pest.id, length: word.length }
  return best.id
}

export type IncomingRoute = NextLeg & { where?: CallerPlace }

/** "A call comes in" with routing on: where the caller is, the order of providers, and the first leg (or the ZIP prompt). */
export async function routeIncoming(params: URLSearchParams, search: URLSearchParams, settings: VoiceSettings, store: RoutingStore | undefined, now: number, budget: Budget, call: RoutedCall, recording?: RecordingTwiml): Promise<IncomingRoute> {
  const to = params.get('To') ?? ''
  let visit: { place: string; pest: string; page: string } | undefined
  if (store && settings.pool.includes(to)) {
    visit = await withinMs(
      store.visit(to, now).catch(() => undefined),
      Math.max(0, budget.until - Date.now()),
    )
  }
  let where: CallerPlace | null = visit?.place ? placeOfCode(visit.place) : null
  if (!where && settings.routing.askZipWhenUnknown) {
    if (search.get('zip') !== '1') return { twiml: zipGatherTwiml(settings.routing.zipPrompt) }
    where = placeOfZip(params.get('Digits') ?? '')
  }
  // No place from the visit or the keypad: the calling number's state, else only the national providers.
  where ??= placeOfCallerState(params.get('FromState')) ?? {}
  const pest = visit?.pest ?? ''
  // Providers who paused themselves in the portal are left out of new calls (a pause that cannot be read
  // within the budget leaves no one out: the caller is never held up for it).
  const paused = (store?.paused && (await withinMs(store.paused(now), Math.max(0, budget.until - Date.now())))) || new Set<string>()
  // Compliance: a caller located in a state that asks for a licence reaches only providers licensed there.
  const ranked = rankProviders(settings.providers.filter((provider) => !paused.has(provider.id)), where, pest, now, Math.random, settings.licenceStates).slice(0, settings.routing.maxProviders)
  const state: RouteState = { ids: ranked.map((provider) => provider.id), leg: 0, where, pest, page: visit?.page ?? '', dialledAt: now }
  // Compliance: calls from an all-party-consent (or unknown) state are neither recorded nor transcribed when Site
  // settings record one-party-consent states only (consent/recordingConsent.ts).
  const consented = recordingAllowed(settings, callerStateOf(where.state, params.get('FromState'))) ? recording : undefined
  return { ...(await nextLeg(state, settings, store, now, budget, call, consented, true)), where }
}
