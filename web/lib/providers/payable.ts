/**
 * Whether a call is payable to a provider it rang, and if not, why — the one place the rule lives: the caps,
 * the statements, the Calls tool, the portal and the ad platforms' values all read what it settles
 * (web/lib/calls/store/settle.ts keeps each leg's answer in step with the call's outcome).
 *
 * A leg is payable when the provider answered (and took it, where a key press is asked for), the talk
 * reached its billable seconds, the call was judged a lead or a booked job (or not judged yet), it was
 * not routed over the provider's cap, and the same caller had no payable call to the same provider within
 * the provider's duplicate window.
 */
export interface PayableLeg {
  outcome: string
  talkSeconds: number
  billableSeconds: number
  /** The call's judged outcome; '' or absent while it has none. */
  callOutcome?: string
  /** Routed without the cap check and found over the cap afterwards. */
  overCap?: boolean
  /** The provider's duplicate window, in days, when the same caller already made a payable call to it within it. */
  duplicateWithinDays?: number | null
}

const PAYABLE_OUTCOMES = new Set(['lead', 'booked'])

/** Why a leg is not payable, in the words a statement prints; '' when it is payable. */
export function notPayableBecause(leg: PayableLeg): string {
  if (leg.outcome === 'caller-hung-up') return 'caller hung up'
  if (leg.outcome === 'declined') return 'declined'
  if (leg.outcome !== 'answered') return 'not answered'
  if (leg.talkSeconds < leg.billableSeconds) return 'under billable seconds'
  if (leg.callOutcome && !PAYABLE_OUTCOMES.has(leg.callOutcome)) return `judged ${leg.callOutcome.replaceAll('-', ' ')}`
  if (leg.overCap) return 'over cap'
  if (leg.duplicateWithinDays) return `same caller within ${leg.duplicateWithinDays} days`
  return ''
}

export function isPayable(leg: PayableLeg): boolean {
  return notPayableBecause(leg) === ''
}
