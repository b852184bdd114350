/**
 * Whether a call is payable to the provider it reached: the provider answered (and took it, where a key press
 * is asked for), the talk reached the provider's billable seconds, and — once the call has been judged
 * (web/lib/calls/outcomes) — it was judged a lead or a booked job. The one place the rule lives: the report,
 * the statements, the Calls tool and the caps all ask here.
 */
export interface PayableLeg {
  outcome: string
  talkSeconds: number
  billableSeconds: number
  /** The call's judged outcome; '' or absent while it has none. */
  callOutcome?: string
}

const PAYABLE_OUTCOMES = new Set(['lead', 'booked'])

export function isPayable(leg: PayableLeg): boolean {
  if (leg.callOutcome && !PAYABLE_OUTCOMES.has(leg.callOutcome)) return false
  return leg.outcome === 'answered' && leg.talkSeconds >= leg.billableSeconds
}
