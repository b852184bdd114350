import { shownPhone, type SiteSettings } from '@/lib/site'

/**
 * The phone number as shown, in a fixed-width slot. Google's forwarding-number swap (Site settings →
 * Tracking) rewrites this text after the page has painted. The slot is as wide as the number with
 * every digit a 0 (an invisible twin in the same grid cell, tabular digits), so a number of the same
 * form, or a shorter one, takes exactly the old one's place and nothing on the page moves (CLS 0,
 * tests/e2e/calls.e2e.ts). The twin is CSS generated content (app/styles/phone.css, `.phone-slot::after` from
 * data-reserve): no element of its own in the HTML or in Next's flight data, hidden from everyone, and
 * no text node Google's swap would match.
 */
export function ShownPhone({ site }: { site: Pick<SiteSettings, 'phone' | 'phoneDisplay'> }) {
  const shown = shownPhone(site)
  return (
    <span className="phone-slot" data-reserve={shown.replace(/\d/g, '0')}>
      {/* The tracker may write an ad visit's pool number here before React hydrates. */}
      <span suppressHydrationWarning>{shown}</span>
    </span>
  )
}
