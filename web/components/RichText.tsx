import { PortableText, type PortableTextComponents } from 'next-sanity'
import Link from 'next/link'
import type { BlockContent } from '@/sanity.types'

const components: PortableTextComponents = {
  block: {
    normal: ({ children }) => <p className="my-4 leading-relaxed">{children}</p>,
    h2: ({ children }) => <h2 className="mt-10 mb-3 text-2xl font-bold text-ink">{children}</h2>,
    h3: ({ children }) => <h3 className="mt-8 mb-2 text-xl font-bold text-ink">{children}</h3>,
  },
  list: {
    bullet: ({ children }) => <ul className="my-4 list-disc space-y-2 pl-6">{children}</ul>,
    number: ({ children }) => <ol className="my-4 list-decimal space-y-2 pl-6">{children}</ol>,
  },
  marks: {
    link: ({ value, children }) => {
      const href = typeof value?.href === 'string' ? value.href : '#'
      const className = 'font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900'
      return href.startsWith('/') ? (
        <Link href={href} className={className}>
          {children}
        </Link>
      ) : (
        <a href={href} className={className} rel="noopener noreferrer">
          {children}
        </a>
      )
    },
  },
}

export function RichText({ value, className = '' }: { value: BlockContent | null | undefined; className?: string }) {
  if (!value?.length) return null
  return (
    <div className={`text-base text-muted sm:text-lg ${className}`}>
      <PortableText value={value} components={components} />
    </div>
  )
}
