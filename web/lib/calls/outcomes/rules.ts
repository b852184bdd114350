/**
 * Site settings → Call outcomes, as the deciding rules (decide.ts) read them: plain data, so the rules travel
 * with a voice job as JSON. Every field is optional in the Studio; `outcomeRules` fills the defaults.
 */
export const OUTCOMES = ['lead', 'booked', 'existing-customer', 'spam', 'not-a-lead', 'missed', 'unverified'] as const
export type Outcome = (typeof OUTCOMES)[number]

export const isOutcome = (value: unknown): value is Outcome => typeof value === 'string' && (OUTCOMES as readonly string[]).includes(value)

/** Once a call has an outcome, only these count as qualified: exports, the verdict by calls, provider statements. */
export const QUALIFIED_OUTCOMES: readonly Outcome[] = ['lead', 'booked']

/** Whether a call counts as qualified: by its outcome when it has one, else by the talk-time rule it was recorded with. */
export function countsAsQualified(call: { outcome?: string | null; qualified: boolean }): boolean {
  return isOutcome(call.outcome) ? QUALIFIED_OUTCOMES.includes(call.outcome) : call.qualified
}

export const OUTCOME_LABELS: Record<Outcome, string> = {
  lead: 'Lead',
  booked: 'Booked job',
  'existing-customer': 'Existing customer',
  spam: 'Spam',
  'not-a-lead': 'Not a lead',
  missed: 'Missed',
  unverified: 'Unverified (number withheld)',
}

export interface CallOutcomeFields {
  stirShaken?: boolean | null
  blockedCallers?: (string | null)[] | null
  staffNumbers?: (string | null)[] | null
  repeatCalls?: number | null
  repeatMinutes?: number | null
  spamPhrases?: (string | null)[] | null
  notALeadPhrases?: (string | null)[] | null
  existingCustomerPhrases?: (string | null)[] | null
  leadPhrases?: (string | null)[] | null
  bookedPhrases?: (string | null)[] | null
  leadValue?: number | null
  bookedValue?: number | null
}

export interface OutcomeRules {
  /** A failed STIR/SHAKEN attestation (Twilio's StirVerstat TN-Validation-Failed-*) makes the call spam. */
  stirShaken: boolean
  blockedCallers: string[]
  /** The business line and the providers' and staff's own numbers: their calls are never leads. */
  staffNumbers: string[]
  repeatCalls: number
  repeatMinutes: number
  minTalkSeconds: number
  firstCallerDays: number
  phrases: { spam: string[]; 'not-a-lead': string[]; 'existing-customer': string[]; booked: string[]; lead: string[] }
  leadValue: number
  bookedValue: number
}

export const OUTCOME_DEFAULTS = {
  stirShaken: true,
  repeatCalls: 3,
  repeatMinutes: 10,
  spamPhrases: ['calling about your business listing', 'google listing', 'extended warranty', 'this is not a sales call'],
  notALeadPhrases: ['hiring', 'job opening', 'wrong number', 'are you a vendor'],
  existingCustomerPhrases: ['my technician', 'already booked', 'my appointment', 'my invoice'],
  bookedPhrases: [] as string[],
  leadPhrases: ['schedule', 'how much', 'come out', 'quote', 'inspection'],
  leadValue: 50,
  bookedValue: 250,
} as const

const list = (values: readonly (string | null)[] | null | undefined, fallback: readonly string[]) =>
  values ? [...new Set(values.map((value) => value?.trim().toLowerCase() ?? '').filter(Boolean))] : [...fallback]
const numbers = (values: readonly (string | null)[] | null | undefined) => [...new Set((values ?? []).filter((value): value is string => typeof value === 'string' && /^\+[1-9]\d{6,14}$/.test(value)))]
const whole = (value: number | null | undefined, fallback: number, min: number, max: number) =>
  typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(min, Math.round(value))) : fallback
const money = (value: number | null | undefined, fallback: number) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.round(value * 100) / 100 : fallback)

/** The rules from the stored fields, with the qualified-call settings of Call tracking and the business line. */
export function outcomeRules(
  fields: CallOutcomeFields | null | undefined,
  tracking: { minTalkSeconds: number; firstCallerDays: number; businessLine: string; conversionValue?: number },
): OutcomeRules {
  const f = fields ?? {}
  return {
    stirShaken: f.stirShaken !== false,
    blockedCallers: numbers(f.blockedCallers),
    staffNumbers: [...new Set([...(tracking.businessLine ? [tracking.businessLine] : []), ...numbers(f.staffNumbers)])],
    repeatCalls: whole(f.repeatCalls, OUTCOME_DEFAULTS.repeatCalls, 2, 100),
    repeatMinutes: whole(f.repeatMinutes, OUTCOME_DEFAULTS.repeatMinutes, 1, 24 * 60),
    minTalkSeconds: tracking.minTalkSeconds,
    firstCallerDays: tracking.firstCallerDays,
    phrases: {
      spam: list(f.spamPhrases, OUTCOME_DEFAULTS.spamPhrases),
      'not-a-lead': list(f.notALeadPhrases, OUTCOME_DEFAULTS.notALeadPhrases),
      'existing-customer': list(f.existingCustomerPhrases, OUTCOME_DEFAULTS.existingCustomerPhrases),
      booked: list(f.bookedPhrases, OUTCOME_DEFAULTS.bookedPhrases),
      lead: list(f.leadPhrases, OUTCOME_DEFAULTS.leadPhrases),
    },
    // The older single "Conversion value" of Call tracking stands in for the lead's value until one is set here.
    leadValue: money(f.leadValue, tracking.conversionValue && tracking.conversionValue > 0 ? tracking.conversionValue : OUTCOME_DEFAULTS.leadValue),
    bookedValue: money(f.bookedValue, OUTCOME_DEFAULTS.bookedValue),
  }
}

/** What a call with this outcome is worth in the ad platforms: a lead the set value, a booked job its own, the rest nothing. */
export function outcomeValue(outcome: Outcome | '', ownValue: number | null, rules: Pick<OutcomeRules, 'leadValue' | 'bookedValue'>): number {
  if (outcome === 'lead') return rules.leadValue
  if (outcome === 'booked') return ownValue ?? rules.bookedValue
  return 0
}
