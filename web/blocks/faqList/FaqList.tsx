import { toPlainText } from 'next-sanity'
import { CallLink } from '@/components/CallLink'
import { JsonLd } from '@/components/JsonLd'
import { RichText } from '@/components/RichText'
import { Section, SectionHeading } from '@/components/Section'
import { ShownPhone } from '@/components/ShownPhone'
import type { BlockProps } from '../types'

/**
 * An accordion without JavaScript: <details> elements sharing a name are exclusive (opening one
 * closes the others), the open one closes on a second click, and they work with the keyboard. The questions
 * go to search engines as FAQPage structured data only where the editor asks for it (the block's switch).
 */
export function FaqList({ block, context }: BlockProps<'faqList'>) {
  const faqs = block.faqs.filter((faq) => faq !== null)
  const group = `faq-${block._key ?? 'list'}`
  return (
    <Section narrow>
      <SectionHeading asPageTitle={context.isPageTitle}>{block.heading}</SectionHeading>
      <div className="mt-6 divide-y divide-line rounded-xl border border-line" data-testid="faq">
        {faqs.map((faq) => (
          <details key={faq._id} name={group}>
            {/* The open/close mark is the summary's ::after (app/styles/blocks.css), not an element. */}
            <summary className="faq-q">
              <span>{faq.question}</span>
            </summary>
            <RichText value={faq.answer} className="faq-a" />
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
      {block.structuredData ? (
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
      ) : null}
    </Section>
  )
}
