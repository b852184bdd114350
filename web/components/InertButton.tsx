import type { ReactNode } from 'react'

/** A button that does nothing, for sample company templates: a real <button>, never a dead link. */
export function InertButton({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <button type="button" className={`inline-flex min-h-11 items-center justify-center rounded-lg px-5 py-2 font-bold ${className}`}>
      {children}
    </button>
  )
}
