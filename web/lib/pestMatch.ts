/**
 * Picks the pest a keyword or a pest name is about. The name is folded (lower case, accents and
 * "ñ" as plain letters, spaces collapsed), then the first match word contained in it wins.
 * "First" is longest-first (ties keep the pests' order), so a specific word always beats a word
 * inside it: "carpenter bee" before "bee", "termite" before "mite", "beetle" before "bee",
 * "chinche apestosa" before "chinche".
 *
 * "Contained" means as whole words, each word of a match word possibly in its plural: ad keywords
 * are free text, and plain substring matching would show a mouse for "exterminator rates" (r-a-t)
 * or an ant for "warranty". Match words are folded the same way, so "ratón" matches "raton" and
 * "RATONES" alike: advertisers and visitors often type Spanish without accents.
 */
export interface Matchable {
  matchWords: readonly string[]
}

export const DEFAULT_IMAGE_FILE = 'ant'

export function matchPest<T extends Matchable>(text: string, pests: readonly T[]): T | undefined {
  const name = foldForMatching(text)
  if (!name) return undefined
  const candidates = pests
    .flatMap((pest, order) => pest.matchWords.map((word) => ({ word: foldForMatching(word), pest, order })))
    .filter(({ word }) => word !== '')
    .sort((a, b) => b.word.length - a.word.length || a.order - b.order)
  return candidates.find(({ word }) => containsWord(name, word))?.pest
}

/** Lower case without accents (NFD, then combining marks dropped: "Araña" → "arana"), one space between words. */
export function foldForMatching(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/gu, ' ')
    .trim()
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * The plural endings a folded word may take, English and Spanish together:
 * - "roach" → "roaches", "box" → "boxes" (English -es after ch, sh, s, x, z);
 * - "mosquito" → "mosquitoes" (English) and "mosquitos" (Spanish);
 * - "raton" → "ratones", "alacran" → "alacranes", "roedor" → "roedores" (Spanish -es after l, n, r, d;
 *   English "scorpion" → "scorpions" still takes -s);
 * - otherwise -s: "rat" → "rats", "cucaracha" → "cucarachas", "chinche" → "chinches".
 * "-es" never follows a t, k or p, so "rat" does not match "rates" nor "ant" the Spanish "antes".
 */
export function pluralSuffix(word: string): string {
  if (/(?:ch|sh|s|x|z)$/.test(word)) return '(?:es)?'
  if (/[olnrd]$/.test(word)) return '(?:e?s)?'
  return '(?:s)?'
}

/**
 * Every word of a match word may be plural: "hormigas carpinteras", "avispas amarillas" and
 * "chinches de cama" are Spanish plurals of the listed "hormiga carpintera", "avispa amarilla" and
 * "chinche de cama". Without this, "avispas amarillas" would only find "avispa" (wasp), not the
 * yellow jacket.
 */
function wordPattern(word: string): string {
  return word
    .split(' ')
    .map((part) => `${escapeRegExp(part)}${pluralSuffix(part)}`)
    .join(' ')
}

/** One compiled pattern per match word, reused across renders (there are a few hundred words at most). */
const wordPatterns = new Map<string, RegExp>()

function containsWord(name: string, word: string): boolean {
  let pattern = wordPatterns.get(word)
  if (!pattern) {
    pattern = new RegExp(`(?<![\\p{L}\\p{N}])${wordPattern(word)}(?![\\p{L}\\p{N}])`, 'u')
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
