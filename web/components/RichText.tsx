import { PortableText, type PortableTextComponents } from 'next-sanity'
import Link from 'next/link'
import type { BlockContent } from '@/sanity.types'

const components: PortableTextComponents = {
  block: {
    // Their look comes from the wrapper's `.rich` (app/styles/blocks.css): no class list per paragraph, in the HTML and again in
    // Next's flight data.
    normal: ({ children }) => <p>{children}</p>,
    h2: ({ children }) => <h2>{children}</h2>,
    h3: ({ children }) => <h3>{children}</h3>,
  },
  list: {
    bullet: ({ children }) => <ul>{children}</ul>,
    number: ({ children }) => <ol>{children}</ol>,
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
    <div className={`rich ${className}`}>
      <PortableText value={value} components={components} />
    </div>
  )
}
