import { shownPhone, type SiteSettings } from '../lib/site'

/**
 * The phone number as shown, in a fixed-width slot: tabular digits, no wrapping, and at least the
 * width of the standard US form. Google's forwarding-number swap (Site settings → Tracking) replaces
 * this text after the page has painted; in the slot the new number takes exactly the old one's
 * place, so nothing on the page moves (CLS 0, tests/e2e/calls.e2e.ts).
 */
export function ShownPhone({ site }: { site: Pick<SiteSettings, 'phone' | 'phoneDisplay'> }) {
  return <span className="phone-slot">{shownPhone(site)}</span>
}
