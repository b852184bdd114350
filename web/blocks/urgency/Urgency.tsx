import { CallButtonLabel, CallLink } from '@/components/CallLink'
import { AlertIcon } from '@/components/icons'
import type { BlockProps } from '../types'

export function Urgency({ block, context }: BlockProps<'urgency'>) {
  return (
    <section className="px-4 py-10">
      <div className="mx-auto max-w-4xl rounded-2xl border-2 border-call-600 bg-red-50 p-4 text-center sm:p-8">
        <AlertIcon className="mx-auto size-9 text-call-600" />
        <h2 className="mt-2 text-balance text-2xl font-extrabold text-call-700">{block.heading}</h2>
        <p className="mx-auto mt-3 max-w-2xl leading-relaxed text-ink">{block.text}</p>
        {/* One line at 390 px: a narrower box and button padding, and a smaller label on phones. */}
        <CallLink phone={context.site.phone} source="urgency" className="mt-5 !px-3 sm:!px-6">
          <CallButtonLabel label={block.buttonLabel} className="text-[15px] sm:text-lg" />
        </CallLink>
      </div>
    </section>
  )
}
