/**
 * Picks the pest a keyword or a pest name is about. The name is lower-cased and trimmed, then the
 * first match word contained in it wins. "First" is longest-first (ties keep the pests' order), so
 * a specific word always beats a word inside it: "carpenter bee" before "bee", "termite" before
 * "mite", "beetle" before "bee".
 *
 * "Contained" means as whole words (a plural "s"/"es" may follow): ad keywords are free text, and
 * plain substring matching would show a mouse for "exterminator rates" (r-a-t) or an ant for
 * "warranty".
 */
export interface Matchable {
  matchWords: readonly string[]
}

export const DEFAULT_IMAGE_FILE = 'ant'

export function matchPest<T extends Matchable>(text: string, pests: readonly T[]): T | undefined {
  const name = text.trim().toLowerCase()
  if (!name) return undefined
  const candidates = pests
    .flatMap((pest, order) => pest.matchWords.map((word) => ({ word: word.trim().toLowerCase(), pest, order })))
    .filter(({ word }) => word !== '')
    .sort((a, b) => b.word.length - a.word.length || a.order - b.order)
  return candidates.find(({ word }) => containsWord(name, word))?.pest
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** English plurals: "roach" → "roaches", "mosquito" → "mosquitoes", otherwise "rat" → "rats" (not "rates"). */
function pluralSuffix(word: string): string {
  return /(?:ch|sh|s|x|z|o)$/.test(word) ? '(?:es)?' : '(?:s)?'
}

/** One compiled pattern per match word, reused across renders (there are a few hundred words at most). */
const wordPatterns = new Map<string, RegExp>()

function containsWord(name: string, word: string): boolean {
  let pattern = wordPatterns.get(word)
  if (!pattern) {
    pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(word)}${pluralSuffix(word)}(?![\\p{L}\\p{N}])`, 'u')
    wordPatterns.set(word, pattern)
  }
  return pattern.test(name)
}

/** The pest for a text, else the default pest (the one whose image file is "ant"), else the first. */
export function pestOrDefault<T extends Matchable & { imageFile: string }>(
  text: string | undefined,
  pests: readonly T[],
): T | undefined {
  return (
    (text ? matchPest(text, pests) : undefined) ??
    pests.find((pest) => pest.imageFile === DEFAULT_IMAGE_FILE) ??
    pests[0]
  )
}
