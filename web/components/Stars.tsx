import { StarIcon } from './icons'

/** A row of whole stars; the label that says the score is always given as text beside it. */
export function Stars({ count, className = 'size-5' }: { count: number; className?: string }) {
  const stars = Math.max(0, Math.min(5, Math.round(count)))
  return (
    <span className="flex text-star" aria-hidden="true">
      {Array.from({ length: stars }, (_, index) => (
        <StarIcon key={index} className={className} />
      ))}
    </span>
  )
}
