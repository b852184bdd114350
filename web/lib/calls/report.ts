import type { StoredCall } from './store/store.ts'
import { countsAsQualified, outcomeValue, type OutcomeRules } from './outcomes/rules.ts'
import type { OutcomeChange } from './outcomes/records.ts'
import { maskedCaller } from '../phone.ts'
import { providerMonths, providerTotals, routingOfCalls, type CallFacts, type CallLegEntry, type LegRow, type ProviderTotals, type StatementCredit } from '../providers/statement.ts'
import { localTime } from '../localTime.ts'
import { textsWaitingAlarms, type TextAlarm } from './texts/budget.ts'

/**
 * The calls side of the Calls report (web/lib/campaigns/report.ts): one entry per call, calls per day by
 * page, campaign, keyword and version (answered, missed, qualified), the missed calls to call back, and
 * how many pool numbers the busiest moment needed. Callers' numbers appear only in the missed-call list,
 * which only the Studio (a signed-in editor) and the owner's CLI read, and only while Site settings keep them.
 */
export interface CallEntry {
  id: string
  /** The tracking number called. */
  number: string
  at: string
  page: string
  keyword: string
  campaign: string
  experiment: string
  version: string
  clickId: string
  /** Null: Twilio's figure was impossible, stored as unknown. */
  talkSeconds: number | null
  answered: boolean
  qualified: boolean
  status: StoredCall['status']
  /** The caller masked, `(512) ***-**34`; '' when withheld or no longer kept. */
  caller: string
  location: string
  /** Where the visit came from: the click's kind (gclid, gbraid, wbraid, msclkid), else 'campaign' or ''. */
  source: string
  outcome: StoredCall['outcome']
  outcomeReason: string
  /** Who set the outcome by hand; '' when the rules decided it. */
  outcomeBy: string
  /** What the call is worth to the ad platforms (null without an outcome). */
  value: number | null
  recordingSid: string | null
  recordingSeconds: number | null
  /** Every final transcript segment, in order; '' without one. */
  transcript: string
  history: OutcomeChange[]
  /** Routing to providers: the provider the call reached (null: none), each line rung in order, and whether it is payable. */
  provider: string | null
  legs: CallLegEntry[]
  payable: boolean
}

/** The details read beside the calls: transcripts and outcome changes per call, and the values of outcomes. */
export interface CallDetails {
  transcripts?: ReadonlyMap<string, string>
  histories?: ReadonlyMap<string, OutcomeChange[]>
  values?: Pick<OutcomeRules, 'leadValue' | 'bookedValue'>
  /** The site's time zone (Site settings → Call tracking), for showing times. */
  timeZone?: string
  /** Routing to providers: legs, failed texts, the months the Providers view shows. */
  routing?: RoutingRecords
}

export interface CallDayRow {
  day: string
  page: string
  campaign: string
  keyword: string
  experiment: string
  version: string
  answered: number
  missed: number
  qualified: number
}

export interface MissedCall {
  id: string
  at: string
  number: string
  /** The caller's number (E.164) to call back; null once Site settings' retention has passed or when withheld. */
  caller: string | null
  status: 'missed' | 'busy'
  /** Why it was missed, e.g. "The caller hung up while Lone Star was ringing." */
  reason: string
}

/** Something the owner should look at now, said in a sentence (the Calls tool shows them first). */
export interface Alarm {
  kind: 'over-cap' | 'unverified' | 'texts-waiting' | string
  message: string
}

export interface VoiceReport {
  /** Per A/B test and version: visits shown a pool number, and those of them with a qualified call. */
  poolVisits: { experiment: string; version: string; visitors: number; converters: number }[]
  calls: CallEntry[]
  callDays: CallDayRow[]
  missedCalls: MissedCall[]
  /** peak: the most ad visits that wanted a number at once, served or not; overflow: asks a full pool turned away; refused: asks turned away as no real ad visit (no landing token, over a cap), never demand. */
  pool: { days: { day: string; peak: number; overflow: number; refused?: number; unkept?: number }[]; peak: number; overflow: number; refused: number; unkept?: number }
  /** The site's time zone the Calls view shows times in; absent when the settings were not read. */
  timeZone?: string
  /** Per provider over the report's days, and per provider and month (the Calls tool's Providers view). */
  providers: ProviderTotals[]
  providerMonths: ({ month: string } & ProviderTotals)[]
  /** Missed-call texts Twilio did not take after every try. */
  failedTexts: { id: string; at: string; caller: string | null; error: string }[]
  alarms: Alarm[]
}

/** What routing to providers adds to the report. */
export interface RoutingRecords {
  legs: readonly LegRow[]
  timeZone: string
  failedTexts: VoiceReport['failedTexts']
  /** Calls started at or after this time count in `providers` (the report's days); earlier legs only in the months. */
  since: number
  /** The legs' calls (caller, page, start), so the Providers view's months are the calls' months, as in the statements. */
  calls?: ReadonlyMap<string, CallFacts>
  /** Texts waiting for the hour's budget (texts/budget.ts): an alarm while any wait. */
  textAlarm?: TextAlarm
  /** Accepted disputes of the providers' portal: the months' owed are net of them, as in the statements. */
  credits?: readonly StatementCredit[]
}

export const MAX_CALL_ENTRIES = 5_000

export function buildVoiceReport(calls: readonly StoredCall[], poolDays: readonly { day: string; peak: number; overflow: number; refused?: number; unkept?: number }[], poolVisits: VoiceReport['poolVisits'] = [], details: CallDetails = {}): VoiceReport {
  const routing = details.routing
  const routed = routingOfCalls(routing?.legs ?? [])
  const entries = calls.slice(-MAX_CALL_ENTRIES).map(
    (call): CallEntry => ({
      id: call.callSid,
      number: call.trackingNumber,
      at: new Date(call.startedAt).toISOString(),
      page: call.page,
      keyword: call.keyword,
      campaign: call.campaign,
      experiment: call.experiment,
      version: call.version,
      clickId: call.clickId,
      talkSeconds: call.talkSeconds,
      answered: call.status === 'answered',
      qualified: countsAsQualified(call),
      status: call.status,
      caller: maskedCaller(call.caller),
      location: call.location,
      source: call.clickKind || (call.campaign ? 'campaign' : ''),
      outcome: call.outcome,
      outcomeReason: call.outcomeReason,
      outcomeBy: call.outcomeBy,
      value: call.outcome && details.values ? outcomeValue(call.outcome, call.bookedValue, details.values) : call.outcome === 'booked' ? call.bookedValue : null,
      recordingSid: call.recordingSid,
      recordingSeconds: call.recordingSeconds,
      transcript: details.transcripts?.get(call.callSid) ?? '',
      history: details.histories?.get(call.callSid) ?? [],
      provider: routed.get(call.callSid)?.provider ?? null,
      legs: routed.get(call.callSid)?.legs ?? [],
      payable: routed.get(call.callSid)?.payable ?? false,
    }),
  )
  const groups = new Map<string, CallDayRow>()
  // Days are the site's days (Site settings → Call tracking's time zone), as in the statements and the caps.
  const dayOf = (at: string) => (details.timeZone ? localTime(Date.parse(at), details.timeZone).slice(0, 10) : at.slice(0, 10))
  for (const call of entries) {
    const day = dayOf(call.at)
    const key = JSON.stringify([day, call.page, call.campaign, call.keyword, call.experiment, call.version])
    const row = groups.get(key) ?? { day, page: call.page, campaign: call.campaign, keyword: call.keyword, experiment: call.experiment, version: call.version, answered: 0, missed: 0, qualified: 0 }
    if (call.answered) row.answered++
    else if (call.status !== 'ringing') row.missed++
    if (call.qualified) row.qualified++
    groups.set(key, row)
  }
  const callDays = [...groups.values()].sort((a, b) => b.day.localeCompare(a.day) || b.answered + b.missed - (a.answered + a.missed))
  const missedCalls = calls
    .filter((call): call is StoredCall & { status: 'missed' | 'busy' } => call.status === 'missed' || call.status === 'busy')
    .map((call) => ({ id: call.callSid, at: new Date(call.startedAt).toISOString(), number: call.trackingNumber, caller: call.caller, status: call.status, reason: call.outcomeReason }))
    .reverse()
  return {
    poolVisits: [...poolVisits],
    calls: entries,
    callDays,
    missedCalls,
    ...(details.timeZone ? { timeZone: details.timeZone } : {}),
    pool: { days: [...poolDays], peak: Math.max(0, ...poolDays.map((day) => day.peak)), overflow: poolDays.reduce((sum, day) => sum + day.overflow, 0), refused: poolDays.reduce((sum, day) => sum + (day.refused ?? 0), 0), unkept: Math.max(0, ...poolDays.map((day) => day.unkept ?? 0)) },
    providers: providerTotals((routing?.legs ?? []).filter((leg) => leg.at >= routing!.since)),
    providerMonths: routing ? providerMonths(routing.legs, routing.timeZone, routing.calls, routing.credits) : [],
    failedTexts: routing?.failedTexts ?? [],
    alarms: [...alarmsOf(calls, routing?.legs ?? []), ...textsWaitingAlarms(routing?.textAlarm)],
  }
}

/** What the owner should look at: calls routed over a provider's cap while the store was slow, withheld callers to review. */
function alarmsOf(calls: readonly StoredCall[], legs: readonly LegRow[]): Alarm[] {
  const alarms: Alarm[] = []
  const overCap = legs.filter((leg) => leg.why === 'over cap')
  if (overCap.length > 0) {
    const names = [...new Set(overCap.map((leg) => leg.providerName || leg.providerId))].join(', ')
    alarms.push({ kind: 'over-cap', message: `${overCap.length} call${overCap.length === 1 ? ' was' : 's were'} routed to ${names} past a cap while the store answered late: each is marked “over cap — not billable”. Check the store’s health if this repeats.` })
  }
  const unverified = calls.filter((call) => call.outcome === 'unverified').length
  if (unverified > 0) alarms.push({ kind: 'unverified', message: `${unverified} answered call${unverified === 1 ? '' : 's'} from a withheld number wait${unverified === 1 ? 's' : ''} for review (Calls → outcome “Unverified”): mark each before it counts.` })
  return alarms
}

/** Qualified calls per A/B test and version, for the arms of the report. */
export function qualifiedCallsByArm(calls: readonly Pick<CallEntry, 'experiment' | 'version' | 'qualified'>[]): Map<string, number> {
  const counts = new Map<string, number>()
  for (const call of calls) {
    if (!call.qualified || !call.experiment) continue
    const key = `${call.experiment}\u0000${call.version}`
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  return counts
}

export const EMPTY_VOICE_REPORT: VoiceReport = { poolVisits: [], calls: [], callDays: [], missedCalls: [], pool: { days: [], peak: 0, overflow: 0, refused: 0 }, providers: [], providerMonths: [], failedTexts: [], alarms: [] }
