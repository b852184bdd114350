/**
 * How many items to put in a row so rows come out even: all of them when they fit in one row, else
 * the longest row (longer than half of `max`) that divides the count, else the one leaving the fullest
 * last row (5 of at most 4 → 3 + 2, never 4 + 1). A short last row is centred by the component.
 */
export function rowLength(count: number, max: number): number {
  if (count <= max) return Math.max(count, 1)
  const lengths: number[] = []
  for (let length = max; length >= Math.max(2, Math.floor(max / 2) + 1); length--) lengths.push(length)
  const divides = lengths.find((length) => count % length === 0)
  if (divides) return divides
  return lengths.reduce((best, length) => ((count % length) / length > (count % best) / best ? length : best))
}
