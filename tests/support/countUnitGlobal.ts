import { printAssertionCount, resetAssertionCount } from './assertionCount'

/** Unit run: counts its assertions (tests/support/assertionCount.ts) and prints the total at the end. */
export default function setup() {
  resetAssertionCount('unit')
  return () => printAssertionCount('unit')
}
