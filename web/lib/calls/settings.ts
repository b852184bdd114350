import { isUsE164 } from '../phone.ts'
import { outcomeRules, type CallOutcomeFields, type OutcomeRules } from './outcomes/rules.ts'
import { isTimeZone } from '../timeZone.ts'
import { routingSettings, type RoutingFields, type RoutingSettings } from '../providers/routingSettings.ts'
import type { Provider } from '../providers/provider.ts'
import { parseRecordCallsFrom, type RecordCallsFrom } from './consent/recordingConsent.ts'
import { finalText } from './texts/rules.ts'

/**
 * Site settings → Call tracking, as the voice webhooks, the number pool and the conversion export read
 * them. Every field is optional in the Studio; `voiceSettings` fills the defaults, so an empty group
 * means call tracking off.
 */
export interface CallTrackingFields extends RoutingFields {
  enabled?: boolean | null
  businessLine?: string | null
  pool?: (string | null)[] | null
  poolRestMinutes?: number | null
  minTalkSeconds?: number | null
  firstCallerDays?: number | null
  missedCall?: string | null
  missedMessage?: string | null
  callerRetentionDays?: number | null
  timeZone?: string | null
  conversionName?: string | null
  fixedValue?: boolean | null
  outcomeRoles?: (string | null)[] | null
  maxOutcomeValue?: number | null
  conversionValue?: number | null
  conversionCurrency?: string | null
  enhancedConversions?: boolean | null
  visitLimits?: { perNetwork?: number | null; perAddress?: number | null } | null
  recording?: boolean | null
  recordingNotice?: string | null
  recordingRetentionDays?: number | null
  /** Compliance (consent/, texts/, providers/licences.ts): whose calls are recorded, the texts' budget and keywords, licences. */
  recordCallsFrom?: string | null
  textsPerHour?: number | null
  advancedOptOut?: boolean | null
  licenceStates?: (string | null)[] | null
}

export type MissedCall = 'message' | 'voicemail'

export interface VoiceSettings {
  enabled: boolean
  /** Where every tracking number's calls are forwarded (E.164); '' when unset. */
  businessLine: string
  pool: string[]
  poolRestMs: number
  minTalkSeconds: number
  firstCallerDays: number
  missedCall: MissedCall
  missedMessage: string
  callerRetentionDays: number
  timeZone: string
  conversionName: string
  /** Every qualified call is worth `conversionValue` (else what it earned: payout, booked value, or nothing). */
  fixedValue: boolean
  /** Studio roles besides administrator that may change a call's outcome or value by hand. */
  outcomeRoles: string[]
  /** The highest value a booked job may be given by hand. */
  maxOutcomeValue: number
  conversionValue: number
  conversionCurrency: string
  enhancedConversions: boolean
  /** Live pool leases at most per visitor network and per address (lib/calls/pool/leaseGuard.ts). */
  leaseLimits: LeaseLimits
  /** Record answered calls (both sides) and transcribe them; the caller hears `recordingNotice` first. */
  recording: boolean
  recordingNotice: string
  /** Recordings and transcripts are deleted, here and at Twilio, after this many days. */
  recordingRetentionDays: number
  /** Every state (each party told first), or only callers known to be in a one-party-consent state (consent/recordingConsent.ts). */
  recordCallsFrom: RecordCallsFrom
  /** Site settings' brand name: every text names it, the spoken referral and the answer to HELP say it. */
  brandName: string
  /** Texts to callers sent per hour at most, site-wide; past it they wait (texts/budget.ts). */
  textsPerHour: number
  /** Twilio's Advanced Opt-Out answers STOP, START and HELP itself: the site then only notes STOP and START. */
  advancedOptOut: boolean
  /** States where a provider needs a licence to be routed a caller located there (providers/licences.ts). */
  licenceStates: ReadonlySet<string>
  /** Site settings → Call outcomes, with the qualified-call settings above. */
  outcomes: OutcomeRules
  /** The default number of Site settings and each campaign rule's number → its campaign (utm_campaign). */
  defaultNumber: string
  campaignNumbers: Map<string, string>
  /** Routing to providers (web/lib/providers): the settings, and the providers that can take calls as last read. */
  routing: RoutingSettings
  providers: readonly Provider[]
  /** Every pest by id: its name (the whisper's {pest}) and match words (a visit's keyword → its pest). */
  pests: readonly RoutingPest[]
}

export interface RoutingPest {
  id: string
  name: string
  words: readonly string[]
}

/** At most this many live pool leases per visitor network and per address. */
export interface LeaseLimits {
  perNetwork: number
  perAddress: number
}

export const VOICE_DEFAULTS = {
  poolRestMinutes: 15,
  poolPerNetwork: 8,
  poolPerAddress: 4,
  minTalkSeconds: 60,
  firstCallerDays: 30,
  callerRetentionDays: 30,
  timeZone: 'America/New_York',
  conversionName: 'Qualified call',
  conversionValue: 0,
  conversionCurrency: 'USD',
  recordingNotice: 'This call is recorded and transcribed to help us serve you better.',
  recordingRetentionDays: 90,
  maxOutcomeValue: 10_000,
  textsPerHour: 30,
  licenceStates: ['FL', 'CA'],
} as const

/** How long a visit keeps its pool number without a sign of life from the page. */
export const LEASE_MS = 30 * 60_000

export { isTimeZone }

const whole = (value: number | null | undefined, fallback: number, min: number, max: number) =>
  typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(min, Math.round(value))) : fallback

/** The settings the webhooks act on, from the stored fields (invalid entries fall back to the defaults). */
export function voiceSettings(
  fields: CallTrackingFields | null | undefined,
  site: { phone?: string | null; brandName?: string | null; trackingNumbers?: ({ match?: string | null; value?: string | null; phone?: string | null } | null)[] | null; providers?: readonly Provider[]; pests?: readonly RoutingPest[] } = {},
  outcomeFields: CallOutcomeFields | null = null,
): VoiceSettings {
  const f = fields ?? {}
  const pool = [...new Set((f.pool ?? []).filter((number): number is string => typeof number === 'string' && isUsE164(number)))]
  const campaignNumbers = new Map<string, string>()
  for (const rule of site.trackingNumbers ?? []) {
    if (rule?.match === 'campaign' && rule.value && rule.phone && isUsE164(rule.phone)) campaignNumbers.set(rule.phone, rule.value.trim().toLowerCase())
  }
  const zone = f.timeZone?.trim() ?? ''
  const businessLine = f.businessLine && isUsE164(f.businessLine) ? f.businessLine : ''
  const minTalkSeconds = whole(f.minTalkSeconds, VOICE_DEFAULTS.minTalkSeconds, 0, 3600)
  const firstCallerDays = whole(f.firstCallerDays, VOICE_DEFAULTS.firstCallerDays, 0, 365)
  const brandName = site.brandName?.trim() ?? ''
  const routing = routingSettings(f)
  const licenceStates = (f.licenceStates ?? []).filter((state): state is string => typeof state === 'string' && /^[A-Z]{2}$/.test(state))
  const conversionValue = typeof f.conversionValue === 'number' && Number.isFinite(f.conversionValue) && f.conversionValue >= 0 ? f.conversionValue : VOICE_DEFAULTS.conversionValue
  return {
    enabled: f.enabled === true,
    businessLine,
    pool,
    poolRestMs: whole(f.poolRestMinutes, VOICE_DEFAULTS.poolRestMinutes, 0, 24 * 60) * 60_000,
    minTalkSeconds,
    firstCallerDays,
    missedCall: f.missedCall === 'voicemail' ? 'voicemail' : 'message',
    missedMessage: f.missedMessage?.trim() ?? '',
    callerRetentionDays: whole(f.callerRetentionDays, VOICE_DEFAULTS.callerRetentionDays, 0, 3650),
    timeZone: zone && isTimeZone(zone) ? zone : VOICE_DEFAULTS.timeZone,
    conversionName: f.conversionName?.trim() || VOICE_DEFAULTS.conversionName,
    fixedValue: f.fixedValue === true,
    outcomeRoles: [...new Set((f.outcomeRoles ?? []).filter((role): role is string => typeof role === 'string' && /^[a-z0-9_-]{1,64}$/i.test(role.trim())).map((role) => role.trim()))],
    maxOutcomeValue: typeof f.maxOutcomeValue === 'number' && Number.isFinite(f.maxOutcomeValue) && f.maxOutcomeValue > 0 ? f.maxOutcomeValue : VOICE_DEFAULTS.maxOutcomeValue,
    conversionValue,
    conversionCurrency: /^[A-Z]{3}$/.test(f.conversionCurrency?.trim() ?? '') ? f.conversionCurrency!.trim() : VOICE_DEFAULTS.conversionCurrency,
    enhancedConversions: f.enhancedConversions === true,
    leaseLimits: {
      perNetwork: whole(f.visitLimits?.perNetwork, VOICE_DEFAULTS.poolPerNetwork, VOICE_DEFAULTS.poolPerNetwork, 1000),
      perAddress: whole(f.visitLimits?.perAddress, VOICE_DEFAULTS.poolPerAddress, VOICE_DEFAULTS.poolPerAddress, 1000),
    },
    recording: f.recording === true,
    recordingNotice: f.recordingNotice?.trim() || VOICE_DEFAULTS.recordingNotice,
    recordingRetentionDays: whole(f.recordingRetentionDays, VOICE_DEFAULTS.recordingRetentionDays, 1, 3650),
    recordCallsFrom: parseRecordCallsFrom(f.recordCallsFrom),
    brandName,
    textsPerHour: whole(f.textsPerHour, VOICE_DEFAULTS.textsPerHour, 1, 10_000),
    advancedOptOut: f.advancedOptOut === true,
    // Never set: Florida and California, the states known to ask; an emptied list asks for no licence anywhere.
    licenceStates: new Set(f.licenceStates == null ? VOICE_DEFAULTS.licenceStates : licenceStates),
    outcomes: outcomeRules(outcomeFields, { minTalkSeconds, firstCallerDays, businessLine, conversionValue }),
    defaultNumber: site.phone && isUsE164(site.phone) ? site.phone : '',
    campaignNumbers,
    // The text as sent: it names the business and ends with how to opt out (texts/rules.ts).
    routing: { ...routing, textBack: { ...routing.textBack, body: routing.textBack.body ? finalText(routing.textBack.body, brandName) : '' } },
    providers: site.providers ?? [],
    pests: site.pests ?? [],
  }
}

/**
 * Why a business line cannot be used, or null: it must be a number of its own, never one the site shows
 * (a tracking or pool number forwards to the business line, so forwarding to itself would loop).
 */
export function businessLineProblem(line: string | null | undefined, shown: { phone?: string | null; pool?: readonly (string | null)[] | null; trackingNumbers?: readonly ({ phone?: string | null } | null)[] | null }): string | null {
  if (!line) return null
  if (!isUsE164(line)) return 'Write the business line as +1 followed by the 10-digit US number, e.g. +12125550142.'
  if ((shown.pool ?? []).includes(line)) return 'The business line is one of the pool numbers: calls to it would be forwarded to itself. Use the line the business answers.'
  if ((shown.trackingNumbers ?? []).some((rule) => rule?.phone === line)) return 'The business line is a tracking number: calls to it would be forwarded to itself. Use the line the business answers.'
  return null
}

/** Problems of the group as a whole, for the Studio. */
export function callTrackingProblems(fields: CallTrackingFields | null | undefined, site: { phone?: string | null; trackingNumbers?: readonly ({ phone?: string | null } | null)[] | null }): string[] {
  if (!fields?.enabled) return []
  const problems: string[] = []
  if (!fields.businessLine) problems.push('Call tracking needs the business line calls are forwarded to.')
  const line = businessLineProblem(fields.businessLine, { pool: fields.pool, trackingNumbers: site.trackingNumbers })
  if (line) problems.push(line)
  const pool = (fields.pool ?? []).filter(Boolean)
  if (new Set(pool).size !== pool.length) problems.push('A number is in the pool twice.')
  if (site.phone && pool.includes(site.phone)) problems.push('The main phone number cannot be a pool number: every visitor who has no pool number of their own sees the main one.')
  if (fields.recording && !fields.recordingNotice?.trim()) problems.push('Recording is on: write the announcement callers hear first (some states require every caller to be told).')
  return problems
}
