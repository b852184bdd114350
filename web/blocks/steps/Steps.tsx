import { Section, SectionHeading } from '@/components/Section'
import { SectionCallButton } from '@/components/SectionCallButton'
import type { BlockProps } from '../types'

export function Steps({ block, context }: BlockProps<'steps'>) {
  return (
    <Section>
      <SectionHeading className="text-center" asPageTitle={context.isPageTitle}>{block.heading}</SectionHeading>
      {block.intro ? <p className="mx-auto mt-3 max-w-2xl text-center text-muted sm:text-lg">{block.intro}</p> : null}
      <ol className="steps mt-8 grid gap-4 md:grid-cols-3" data-testid="steps">
        {block.steps.map((step, index) => (
          <li key={step._key}>
            <span className="step-num" aria-hidden="true">
              {index + 1}
            </span>
            <div>
              <h3 className="text-lg font-bold">{step.title}</h3>
              <p className="mt-1 leading-relaxed text-muted">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
      <SectionCallButton label={block.buttonLabel} site={context.site} source="steps" />
    </Section>
  )
}
