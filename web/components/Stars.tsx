import type { CSSProperties } from 'react'

/**
 * Five star places filled up to the score (4.6 fills four and six tenths); the label that says the
 * score is always given as text beside it. One element (five places of two stars each would be
 * ~1.3 KB of every rating, in the HTML and again in Next's flight data): app/styles/icons.css repeats the star
 * shape five times across it as a mask and paints the filled share in the star colour, the rest at 30 %.
 */
export function Stars({ count }: { count: number }) {
  const score = Math.max(0, Math.min(5, count))
  // Each place filled to a whole percent, as wide as the five places together.
  const whole = Math.floor(score)
  const filled = whole === 5 ? 100 : (whole + Math.round((score - whole) * 100) / 100) * 20
  return <span className="stars" aria-hidden="true" data-score={score} style={{ '--fill': `${Number(filled.toFixed(2))}%` } as CSSProperties} />
}
