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
    <section className={`${tones[tone]} section`} aria-labelledby={labelledBy}>
      <div className={narrow ? 'inner-narrow' : 'inner'}>{children}</div>
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
  // .section-title / .page-title (app/styles/blocks.css): one class each, not the same utility list on every section.
  return (
    <Heading id={id} className={`${asPageTitle ? 'page-title' : 'section-title'}${className ? ` ${className}` : ''}`}>
      {children}
    </Heading>
  )
}
