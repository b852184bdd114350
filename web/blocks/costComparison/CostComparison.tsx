import { Section, SectionHeading } from '@/components/Section'
import { SectionCallButton } from '@/components/SectionCallButton'
import { CheckIcon } from '@/components/icons'
import type { BlockProps } from '../types'

export function CostComparison({ block, context }: BlockProps<'costComparison'>) {
  return (
    <Section tone="tinted">
      <SectionHeading className="text-center" asPageTitle={context.isPageTitle}>
        {block.heading}
      </SectionHeading>
      {block.intro ? <p className="mx-auto mt-3 max-w-2xl text-center text-muted sm:text-lg">{block.intro}</p> : null}
      <div className="mx-auto mt-8 grid max-w-4xl gap-4 md:grid-cols-2">
        {block.options.map((option) => (
          <div
            key={option._key}
            className={`rounded-2xl border-2 bg-white p-6 ${option.recommended ? 'border-brand-600 shadow-lg' : 'border-line'}`}
          >
            <h3 className="flex items-center gap-2 text-xl font-bold">
              {option.recommended ? <CheckIcon className="size-6 text-brand-600" /> : null}
              {option.title}
            </h3>
            <p className="mt-3 text-3xl font-extrabold">{option.price}</p>
            {option.recurring ? <p className="text-sm font-semibold text-call-700">{option.recurring}</p> : null}
            <p className={`mt-3 inline-block rounded-full px-3 py-1 text-sm font-bold ${option.recommended ? 'bg-brand-50 text-brand-800' : 'bg-red-50 text-call-700'}`}>
              {option.successRate}
            </p>
            <ul className="cost-points li-mark mt-4 space-y-2 text-muted">
              {option.points.map((point) => (
                <li key={point} className="flex gap-2" data-mark={option.recommended ? 'check' : 'cross'}>
                  {/* The recommended option's points are its strengths (a check), the other's its drawbacks (a cross): drawn from data-mark. */}
                  <span>{point}</span>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <SectionCallButton label={block.buttonLabel} site={context.site} source="cost-comparison" />
    </Section>
  )
}
