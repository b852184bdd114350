/**
 * Picks the pest a pest name or an ad keyword is about. Text and match words are folded alike
 * (lower case, accents and "ñ" as plain letters, spaces collapsed: "ratón" matches "raton" and
 * "RATONES"). Longer match words are tried first (ties keep the pests' order), so a specific word
 * always beats a word inside it: "carpenter bee" before "bee", "termite" before "mite", "beetle"
 * before "bee".
 *
 * - A pest *name* (the pest list, a pest page): the first match word contained in the name wins
 *   (spec §9), anywhere in it.
 * - An ad *keyword* is free text, where plain containment would show a mouse for "exterminator rates"
 *   (r-a-t) or read "antes" as ants: whole words first, each word of a match word possibly in its
 *   plural; else a match word written together with other words ("hornetnestremoval",
 *   "cockroachexterminator", "pestcontrolants"): the longest one a word starts or ends with, the
 *   rest of that word being a word of its own (three letters or more).
 */
export interface Matchable {
  matchWords: readonly string[]
}

export const DEFAULT_IMAGE_FILE = 'ant'

/** The least a word written together with a match word must add to count as a word of its own. */
const MIN_JOINED_LETTERS = 3

function candidatesFor<T extends Matchable>(pests: readonly T[]) {
  return pests
    .flatMap((pest, order) => pest.matchWords.map((word) => ({ word: foldForMatching(word), pest, order })))
    .filter(({ word }) => word !== '')
    .sort((a, b) => b.word.length - a.word.length || a.order - b.order)
}

/** A pest name's pest: the first (longest) match word contained in it. */
export function matchPestName<T extends Matchable>(name: string, pests: readonly T[]): T | undefined {
  const folded = foldForMatching(name)
  if (!folded) return undefined
  return candidatesFor(pests).find(({ word }) => folded.includes(word))?.pest
}

/** An ad keyword's pest: whole words first, else a match word written together with another word. */
export function matchPest<T extends Matchable>(text: string, pests: readonly T[]): T | undefined {
  const name = foldForMatching(text)
  if (!name) return undefined
  const candidates = candidatesFor(pests)
  const whole = candidates.find(({ word }) => containsWord(name, word))
  if (whole) return whole.pest
  const words = name.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length > MIN_JOINED_LETTERS)
  return candidates.find(({ word }) => !word.includes(' ') && words.some((part) => joins(part, word)))?.pest
}

/** The word is the match word plus a word of its own before or after it: "hornetnest", "pestcontrolants". */
function joins(part: string, word: string): boolean {
  if (part.length < word.length + MIN_JOINED_LETTERS) return false
  return part.startsWith(word) || part.endsWith(word)
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

/**
 * The pest for a text, else the default pest (the one whose image file is "ant"). Never another pest:
 * with the default pest gone from the content there is none (the caller shows the default picture).
 */
export function pestOrDefault<T extends Matchable & { imageFile: string }>(
  text: string | undefined,
  pests: readonly T[],
): T | undefined {
  return (text ? matchPest(text, pests) : undefined) ?? pests.find((pest) => pest.imageFile === DEFAULT_IMAGE_FILE)
}

/**
 * What the site shows when nothing matches and no pest in the content is the default one: the spec's
 * default picture (ant.jpg, or its drawing) described as no pest in particular (an empty description:
 * it claims to show nothing the content has not said).
 */
export const DEFAULT_PICTURE = {
  name: '',
  imageAlt: '',
  illustrationAlt: '',
  imageFile: DEFAULT_IMAGE_FILE,
  matchWords: [] as string[],
  image: null,
} as const
