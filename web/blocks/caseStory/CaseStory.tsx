import { Section, SectionHeading } from '@/components/Section'
import { SectionCallButton } from '@/components/SectionCallButton'
import type { BlockProps } from '../types'

export function CaseStory({ block, context }: BlockProps<'caseStory'>) {
  return (
    <Section tone="tinted" narrow>
      {block.eyebrow ? <p className="text-sm font-bold tracking-wide text-brand-700 uppercase">{block.eyebrow}</p> : null}
      <SectionHeading asPageTitle={context.isPageTitle}>{block.heading}</SectionHeading>
      <p className="mt-4 leading-relaxed whitespace-pre-line text-muted sm:text-lg">{block.story}</p>
      {block.facts?.length ? (
        <dl className="mt-6 grid grid-cols-2 gap-3">
          {block.facts.map((fact) => (
            <div key={fact._key} className="rounded-xl border border-line bg-white p-4 max-[359px]:p-3">
              <dt className="text-sm text-muted">{fact.label}</dt>
              <dd className="mt-1 text-lg font-extrabold">{fact.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <SectionCallButton label={block.buttonLabel} site={context.site} source="case-story" />
    </Section>
  )
}
