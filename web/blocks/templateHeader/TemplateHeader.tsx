import { InertButton } from '@/components/InertButton'
import type { BlockProps } from '../types'

/** A sample company's header: its menu items and button are buttons that do nothing. */
export function TemplateHeader({ block }: BlockProps<'templateHeader'>) {
  return (
    <header className="border-b border-line bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
        <p className="text-lg font-extrabold text-brand-800 sm:text-xl">{block.brand}</p>
        <nav aria-label={block.brand} className="order-3 w-full md:order-none md:w-auto">
          <ul className="flex justify-between md:gap-4">
            {block.navItems.map((item) => (
              <li key={item}>
                <InertButton className="!px-2 text-sm font-semibold text-ink hover:text-brand-700 sm:text-base">{item}</InertButton>
              </li>
            ))}
          </ul>
        </nav>
        <InertButton className="!px-4 bg-call-600 text-sm text-white hover:bg-call-700 sm:text-base">{block.buttonLabel}</InertButton>
      </div>
    </header>
  )
}
