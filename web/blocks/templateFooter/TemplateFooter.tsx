import type { BlockProps } from '../types'

export function TemplateFooter({ block }: BlockProps<'templateFooter'>) {
  return (
    <footer className="bg-ink px-4 pt-12 pb-6 text-gray-300">
      <div className="mx-auto grid max-w-6xl gap-8 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-extrabold text-white">{block.brand}</p>
          {block.text ? <p className="mt-2 text-sm leading-relaxed">{block.text}</p> : null}
        </div>
        {block.columns?.map((column) => (
          <div key={column._key}>
            <h2 className="font-bold text-white">{column.heading}</h2>
            <ul className="mt-2 space-y-1 text-sm">
              {column.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
        ))}
        <address className="text-sm leading-relaxed not-italic">
          {block.contactLines.map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
        </address>
      </div>
      <p className="mx-auto mt-10 max-w-6xl border-t border-white/10 pt-4 text-center text-xs">{block.copyright}</p>
    </footer>
  )
}
