import type { ReactNode } from 'react'

const tones = {
  white: 'bg-white',
  tinted: 'bg-surface',
  brand: 'bg-brand-800 text-white',
} as const

/** The outer frame every block shares: vertical rhythm and a readable width. */
export function Section({
  children,
  tone = 'white',
  narrow = false,
  labelledBy,
}: {
  children: ReactNode
  tone?: keyof typeof tones
  narrow?: boolean
  labelledBy?: string
}) {
  return (
    <section className={`${tones[tone]} py-12 sm:py-16`} aria-labelledby={labelledBy}>
      <div className={`mx-auto px-4 ${narrow ? 'max-w-3xl' : 'max-w-6xl'}`}>{children}</div>
    </section>
  )
}

/** A section's heading: an H2, or the page's H1 when the section opens a page that has no hero. */
export function SectionHeading({
  id,
  children,
  className = '',
  asPageTitle = false,
}: {
  id?: string
  children: ReactNode
  className?: string
  asPageTitle?: boolean
}) {
  const Heading = asPageTitle ? 'h1' : 'h2'
  const size = asPageTitle ? 'text-3xl sm:text-4xl' : 'text-2xl sm:text-3xl'
  return (
    <Heading id={id} className={`text-balance font-extrabold tracking-tight ${size} ${className}`}>
      {children}
    </Heading>
  )
}
