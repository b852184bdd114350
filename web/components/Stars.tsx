import { StarIcon } from './icons'

/**
 * Five star places filled up to the score (4.6 fills four and six tenths); the label that says the
 * score is always given as text beside it.
 */
export function Stars({ count, className = 'size-5' }: { count: number; className?: string }) {
  const score = Math.max(0, Math.min(5, count))
  return (
    <span className="flex text-star" aria-hidden="true" data-score={score}>
      {Array.from({ length: 5 }, (_, index) => {
        const fill = Math.max(0, Math.min(1, score - index))
        return (
          <span key={index} className="relative inline-flex">
            <StarIcon className={`${className} opacity-30`} />
            {fill > 0 ? (
              <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: `${Math.round(fill * 100)}%` }}>
                <StarIcon className={`${className} max-w-none`} />
              </span>
            ) : null}
          </span>
        )
      })}
    </span>
  )
}
