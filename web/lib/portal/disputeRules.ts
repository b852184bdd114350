import type { Provider } from '../providers/provider.ts'
import { specificity, type CallerPlace } from '../providers/route.ts'
import { bundledTables, type LocationTables } from '../providers/where.ts'

/**
 * Which disputes the data settles at once. A provider disputes a payable call with a reason and a note; where
 * the store proves the charge wrong the call is credited on the spot, else the owner decides (disputes.ts):
 * - the caller's place (as routing recorded it on the leg: a ZIP, a city or county, or a state) is outside every
 *   area the provider lists now — for "wrong area";
 * - the talk on the provider's leg is under its billable seconds — whatever the reason;
 * - the same caller had a payable call to the provider within its duplicate window — for "the same caller again".
 * A provider that serves everywhere, or a call whose place was never known, is for the owner to judge.
 */
export const DISPUTE_REASONS = ['wrong-area', 'not-pest-control', 'existing-customer', 'spam', 'same-caller', 'other'] as const
export type DisputeReason = (typeof DISPUTE_REASONS)[number]

export const isDisputeReason = (value: unknown): value is DisputeReason => typeof value === 'string' && (DISPUTE_REASONS as readonly string[]).includes(value)

/** The portal's word for each reason (web/lib/portal/words.ts). */
export const REASON_WORDS = {
  'wrong-area': 'reasonWrongArea',
  'not-pest-control': 'reasonNotPestControl',
  'existing-customer': 'reasonExistingCustomer',
  spam: 'reasonSpam',
  'same-caller': 'reasonSameCaller',
  other: 'reasonOther',
} as const satisfies Record<DisputeReason, string>

export interface DisputedLeg {
  /** The place as the leg recorded it (web/lib/providers/where.ts placeLabel): "75201, TX", "Dallas, TX", "TX" or ''. */
  place: string
  talkSeconds: number
  billableSeconds: number
}

export type Proof = { rule: 'outside-area' | 'under-billable' | 'same-caller'; note: string } | null

/** The caller's place from the leg's label, or null when it says nothing routing could match. */
export function placeOfLabel(label: string, tables: LocationTables = bundledTables()): CallerPlace | null {
  const text = label.trim()
  const zip = /^(\d{5})(?:,\s*([A-Z]{2}))?$/.exec(text)
  if (zip) return { zip: zip[1]!, ...(zip[2] ? { state: zip[2] } : {}) }
  if (/^[A-Z]{2}$/.test(text)) return { state: text }
  for (const [code, name] of tables.places) {
    if (name === text) return { place: code, state: name.slice(name.lastIndexOf(', ') + 2) }
  }
  return null
}

/**
 * True when the provider's areas (as listed now, matched the way the router matches them) do not take in the
 * caller's place; false when they do, or when nothing is known of the place or the provider.
 */
export function outsideAreas(provider: Provider | null, label: string, tables?: LocationTables): boolean {
  if (!provider || provider.everywhere) return false
  const where = placeOfLabel(label, tables)
  if (!where) return false
  return specificity(provider, where) === 0
}

/** What the data proves of a dispute, or null (the owner decides). */
export function proveDispute(input: { reason: DisputeReason; leg: DisputedLeg; provider: Provider | null; sameCallerWithin: number | null }, tables?: LocationTables): Proof {
  const { reason, leg } = input
  if (leg.talkSeconds < leg.billableSeconds) return { rule: 'under-billable', note: `The talk (${leg.talkSeconds} s) was under the ${leg.billableSeconds} s a call must last to be paid.` }
  if (reason === 'wrong-area' && outsideAreas(input.provider, leg.place, tables)) return { rule: 'outside-area', note: `The caller's place (${leg.place}) is outside the areas the provider serves.` }
  if (reason === 'same-caller' && input.sameCallerWithin !== null) return { rule: 'same-caller', note: `The same caller had a paid call to the provider within ${input.sameCallerWithin} days.` }
  return null
}
