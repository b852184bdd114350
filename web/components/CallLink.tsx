import type { ReactNode } from 'react'
import { telHref } from '@/lib/phone'
import { PhoneIcon } from './icons'

/**
 * The looks of a phone link, as classes of the site CSS (app/styles/phone.css, `.btn-call` …): a page has up to a
 * dozen call links and each class list is written into the HTML and again into Next's flight data. A number
 * in text takes its colours in every state from the variant (on a light or a dark background), never from a
 * caller's colour utilities, so no state can lose its contrast.
 */
const variants = {
  /** The big red button: the one conversion of the site. */
  primary: 'btn-call',
  /** A green button for secondary placements (header). */
  brand: 'btn-brand',
  /** A phone number inside text, on a light background. */
  inline: 'link-call',
  /** A phone number inside text on a dark green (hero, call block, footer): white, the palest green on hover. */
  inlineOnDark: 'link-call link-call-on-dark',
} as const

/**
 * Every phone link of the site. The number always comes from Site settings; `source` names the
 * placement so a call can be attributed (see web/lib/tracking/tracker.ts).
 */
export function CallLink({
  phone,
  source,
  variant = 'primary',
  className = '',
  children,
}: {
  phone: string
  source: string
  variant?: keyof typeof variants
  className?: string
  children: ReactNode
}) {
  return (
    // suppressHydrationWarning: the tracker may set an ad visit's pool number before React hydrates.
    <a suppressHydrationWarning href={telHref(phone)} data-call-source={source} className={`${variants[variant]} ${className}`}>
      {children}
    </a>
  )
}

/**
 * A call button's phone icon and label as one run of text (not two flex items): the icon sits
 * before the first word, so a label that still wraps keeps it on its first line instead of leaving
 * it stranded between the lines. The label stays one text node (copy coverage reads text nodes).
 * `className` sizes the label per width (e.g. smaller on phones so it fits one line).
 */
export function CallButtonLabel({ label, className = '' }: { label: string; className?: string }) {
  return (
    <span className={className || undefined}>
      <PhoneIcon className="mr-2 inline-block size-[1.15em] align-[-0.2em]" />
      {label}
    </span>
  )
}
