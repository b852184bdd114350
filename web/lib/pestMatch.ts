import { isCommonWord } from './commonWords.ts'
import { isPlaceWord } from './places.ts'

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
 *   (r-a-t) or a bee for "beeville": whole words first, each word of a match word possibly in its plural
 *   ("ants", "ant's", "bed bugs"); else a run-together word ("hornetnestremoval", "mouseproofingservice") that is
 *   neither a common English word ("ratings", "mothers", "tickets": commonWords.ts) nor a place of the location
 *   table ("beeville") and splits entirely into parts of at least three letters, each a common word or a match
 *   word, one of them the pest's.
 */
export interface Matchable {
  matchWords: readonly string[]
}

export const DEFAULT_IMAGE_FILE = 'ant'

/** The shortest part a run-together word splits into. */
const MIN_PART_LETTERS = 3

interface Candidate<T> {
  word: string
  pest: T
  order: number
}

/** Per list of pests (the loader's, reused across renders): its match words, longest first, and its pest parts. */
const prepared = new WeakMap<readonly Matchable[], { candidates: Candidate<Matchable>[]; parts?: Map<string, PestPart<Matchable>> }>()

function candidatesFor<T extends Matchable>(pests: readonly T[]): Candidate<T>[] {
  const known = prepared.get(pests)
  if (known) return known.candidates as Candidate<T>[]
  const candidates = pests
    .flatMap((pest, order) => pest.matchWords.map((word) => ({ word: foldForMatching(word), pest, order })))
    .filter(({ word }) => word !== '')
    .sort((a, b) => b.word.length - a.word.length || a.order - b.order)
  prepared.set(pests, { candidates })
  return candidates
}

function pestPartsFor<T extends Matchable>(pests: readonly T[]): Map<string, PestPart<T>> {
  const entry = prepared.get(pests) ?? { candidates: candidatesFor(pests) }
  entry.parts ??= pestParts(entry.candidates)
  prepared.set(pests, entry)
  return entry.parts as Map<string, PestPart<T>>
}

/** A pest name's pest: the first (longest) match word contained in it. */
export function matchPestName<T extends Matchable>(name: string, pests: readonly T[]): T | undefined {
  const folded = foldForMatching(name)
  if (!folded) return undefined
  return candidatesFor(pests).find(({ word }) => folded.includes(word))?.pest
}

/** An ad keyword's pest: whole words first, else a run-together word that splits into common words and the pest's. */
export function matchPest<T extends Matchable>(text: string, pests: readonly T[]): T | undefined {
  const name = foldForMatching(text)
  if (!name) return undefined
  const candidates = candidatesFor(pests)
  const whole = candidates.find(({ word }) => containsWord(name, word))
  if (whole) return whole.pest
  const runTogether = name.split(/[^\p{L}]+/u).filter((word) => word.length >= 2 * MIN_PART_LETTERS && !isCommonWord(word) && !isPlaceWord(word))
  if (runTogether.length === 0) return undefined
  const parts = pestPartsFor(pests)
  for (const word of runTogether) {
    const pest = splitPest(word, parts)
    if (pest) return pest
  }
  return undefined
}

interface PestPart<T> {
  pest: T
  /** The match word's length: the longest (most specific) pest part of a split wins. */
  length: number
}

/** Each match word written as one word, and its plural: "yellowjacket", "bedbugs", "subterraneantermite". */
function pestParts<T>(candidates: readonly { word: string; pest: T }[]): Map<string, PestPart<T>> {
  const parts = new Map<string, PestPart<T>>()
  for (const { word, pest } of candidates) {
    const joined = word.replace(/ /g, '')
    const plurals = { '(?:es)?': ['es'], '(?:e?s)?': ['s', 'es'], '(?:s)?': ['s'] }[pluralSuffix(joined)] ?? ['s']
    for (const form of [joined, ...plurals.map((ending) => joined + ending)]) {
      if (form.length >= MIN_PART_LETTERS && !parts.has(form)) parts.set(form, { pest, length: joined.length })
    }
  }
  return parts
}

/**
 * The pest of a split of the word into parts of at least three letters, each a common word or a pest part, one of
 * them a pest part; of several splits, the one with the longest pest part. Memoised by position: a keyword word is
 * at most 80 letters, so at most 80 × 80 slices are looked up.
 */
function splitPest<T>(word: string, parts: ReadonlyMap<string, PestPart<T>>): T | undefined {
  const best = new Map<number, PestPart<T> | null | undefined>()
  // null: the rest splits with no pest part; undefined: it does not split.
  const from = (start: number): PestPart<T> | null | undefined => {
    if (start === word.length) return null
    if (best.has(start)) return best.get(start)
    let found: PestPart<T> | null | undefined
    for (let end = start + MIN_PART_LETTERS; end <= word.length; end++) {
      if (word.length - end > 0 && word.length - end < MIN_PART_LETTERS) continue
      const part = word.slice(start, end)
      const pest = parts.get(part)
      if (!pest && !isCommonWord(part)) continue
      const rest = from(end)
      if (rest === undefined) continue
      const longer = [pest, rest].reduce<PestPart<T> | null | undefined>((a, b) => (b && (!a || b.length > a.length) ? b : a), null)
      if (found === undefined || (longer && (!found || longer.length > found.length))) found = longer
    }
    best.set(start, found)
    return found
  }
  return from(0)?.pest ?? undefined
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
