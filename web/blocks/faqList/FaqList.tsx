import { toPlainText } from 'next-sanity'
import { CallLink } from '../../components/CallLink'
import { JsonLd } from '../../components/JsonLd'
import { RichText } from '../../components/RichText'
import { Section, SectionHeading } from '../../components/Section'
import { ShownPhone } from '../../components/ShownPhone'
import type { BlockProps } from '../types'

/**
 * An accordion without JavaScript: <details> elements sharing a name are exclusive (opening one
 * closes the others), the open one closes on a second click, and they work with the keyboard.
 */
export function FaqList({ block, context }: BlockProps<'faqList'>) {
  const faqs = block.faqs.filter((faq) => faq !== null)
  const group = `faq-${block._key ?? 'list'}`
  return (
    <Section narrow>
      <SectionHeading asPageTitle={context.isPageTitle}>{block.heading}</SectionHeading>
      <div className="mt-6 divide-y divide-line rounded-xl border border-line" data-testid="faq">
        {faqs.map((faq) => (
          <details key={faq._id} name={group} className="group">
            <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-4 p-4 font-bold marker:hidden">
              <span>{faq.question}</span>
              <span aria-hidden="true" className="text-2xl leading-none text-brand-700 transition-transform group-open:rotate-45">
                +
              </span>
            </summary>
            <RichText value={faq.answer} className="px-4 pb-2 !text-base" />
          </details>
        ))}
      </div>
      {block.callLineText ? (
        <p className="mt-6 text-center text-lg font-semibold">
          {block.callLineText}{' '}
          <CallLink phone={context.site.phone} source="faq" variant="inline">
            <ShownPhone site={context.site} />
          </CallLink>
        </p>
      ) : null}
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'FAQPage',
          mainEntity: faqs.map((faq) => ({
            '@type': 'Question',
            name: faq.question,
            acceptedAnswer: { '@type': 'Answer', text: toPlainText(faq.answer) },
          })),
        }}
      />
    </Section>
  )
}
