import type { ReactNode } from 'react'
import { telHref } from '@/lib/phone'
import { PhoneIcon } from './icons'

const variants = {
  /** The big red button: the one conversion of the site. */
  primary:
    'inline-flex min-h-12 items-center justify-center gap-2 rounded-xl bg-call-600 px-6 py-3 text-center text-lg leading-tight font-bold text-balance text-white shadow-md transition-colors hover:bg-call-700 focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-call-600',
  /** A green button for secondary placements (header). */
  brand:
    'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 py-2 font-bold text-white transition-colors hover:bg-brand-800 focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
  /** A phone number inside text. */
  inline:
    'inline-flex min-h-11 items-center font-bold text-brand-700 underline decoration-2 underline-offset-4 hover:text-brand-900',
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
    <a href={telHref(phone)} data-call-source={source} className={`${variants[variant]} ${className}`}>
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
