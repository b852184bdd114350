import { useId } from 'react'
import { Section, SectionHeading } from '@/components/Section'
import type { BlockProps } from '../types'

const field = 'mt-1 block min-h-12 w-full rounded-xl border-2 border-line px-4 text-base focus:border-brand-600 focus:outline-none'

/**
 * The /v2 contact fields. By design nothing is submitted: there is no <form>, so neither Enter nor
 * the button can navigate or put what the visitor typed into the address.
 */
export function ContactForm({ block, context }: BlockProps<'contactForm'>) {
  const id = useId()
  return (
    <Section narrow>
      <SectionHeading id={`${id}-heading`} asPageTitle={context.isPageTitle}>
        {block.heading}
      </SectionHeading>
      {block.intro ? <p className="mt-2 text-muted">{block.intro}</p> : null}
      <div role="group" aria-labelledby={`${id}-heading`} className="mt-6 grid gap-4 sm:grid-cols-2" data-testid="contact-form">
        <label className="font-semibold">
          {block.firstNameLabel}
          <input type="text" autoComplete="given-name" className={field} />
        </label>
        <label className="font-semibold">
          {block.lastNameLabel}
          <input type="text" autoComplete="family-name" className={field} />
        </label>
        <label className="font-semibold sm:col-span-2">
          {block.phoneLabel}
          <input type="tel" autoComplete="tel" className={field} />
        </label>
        <label className="font-semibold sm:col-span-2">
          {block.issueLabel}
          <textarea rows={4} className={`${field} py-3`} />
        </label>
        <button type="button" className="min-h-12 rounded-xl bg-brand-700 px-6 font-bold text-white hover:bg-brand-800 sm:col-span-2">
          {block.buttonLabel}
        </button>
      </div>
      {block.note ? <p className="mt-3 text-sm text-muted">{block.note}</p> : null}
    </Section>
  )
}
