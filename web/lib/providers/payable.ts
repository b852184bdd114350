/**
 * Whether a call is payable to the provider it reached: the provider answered (and took it, where a key press
 * is asked for) and the talk reached the provider's billable seconds. The one place the rule lives: the
 * report, the statements, the Calls tool and the caps all ask here.
 */
export interface PayableLeg {
  outcome: string
  talkSeconds: number
  billableSeconds: number
}

export function isPayable(leg: PayableLeg): boolean {
  return leg.outcome === 'answered' && leg.talkSeconds >= leg.billableSeconds
}
