import { eng as englishStopwords, spa as spanishStopwords } from 'stopword'
import { dropContactsAsTheyLook, HOLE_WITH_JOINERS } from './contacts.ts'

/**
 * Ad keyword or headline → hero title (spec §2.3): cleaned, then one trailing "near me", "in my area" or
 * "local" removed (the keyword only; /v2's headline1 keeps them), then title-cased (titleCase.ts). What the
 * visitor typed is kept: letters, digits, emoji, brackets and the punctuation ad copy uses
 * (/ $ % . , ? ! ¿ ¡ & + ' - : ( ) [ ], and # before a number), so "24/7 exterminator", "#1 exterminator",
 * "$99 pest control", "st. louis", "(24 hr)", "¿necesita…?" and "🐜" survive, and so does a word capitalised
 * inside on purpose ("DIY", "iPhone", "McDonald"); a headline holding any capital keeps them all ("Need an
 * Exterminator Today"). What is not copy is dropped: markup, control, invisible and direction characters,
 * and contact details a stranger could plant in a URL (phone numbers, web addresses, domains,
 * e-mail addresses), also when written with look-alike characters ("8оо" in Cyrillic, keycap digits). A
 * keyword with no content word ("the and of in") is no keyword: the default title shows. At most
 * MAX_KEYWORD_LENGTH characters (Google Ads' own limit for a keyword, so a real one is shown
 * whole; a longer value is shortened at a word boundary): keeps the cached page variants bounded.
 * The result is rendered as text.
 *
 * The cleaning (cleanKeyword, normalizeHeadline) is idempotent (decodeVariant relies on it): one pass is
 * repeated until nothing changes. Removing the trailing phrase is not repeated ("exterminator near me near
 * me" → "exterminator near me"), so normalizeKeyword's result is a cleaned keyword, not a fixpoint of it.
 */
export const MAX_KEYWORD_LENGTH = 80
/** Longest raw value worth reading: beyond this nothing useful fits in an 80-character title. */
const MAX_RAW_LENGTH = 600
/** A pass removes or merges characters, so a fixpoint comes in two or three passes. */
const MAX_PASSES = 8

/** One trailing phrase (spec §2.3), with the marks after it: "roach control, near me?" → "roach control". */
const TRAILING_FILLER = /(?:[\s,:-]|^)(?:near\s+me|in\s+my\s+area|local)[\s.,!?:]*$/iu

/** HTML tags and comments, removed whole (their attribute text is not copy). */
const MARKUP = /<!--[\s\S]*?(?:-->|$)|<\/?[a-z!?][^<>]*(?:>|$)/giu

/**
 * Emoji as Unicode lists them (RGI: one pictograph, a flag, a keycap, skin tones, a family joined by
 * zero-width joiners) are kept whole, so the joiners and tags inside one are not dropped as invisible.
 * The `v` flag (properties of strings) is built at run time: the project's TypeScript target predates it.
 */
const INVISIBLE_OUTSIDE_EMOJI = new RegExp('(\\p{RGI_Emoji})|[\\p{Cf}\\p{Co}\\p{Cn}\\p{Cs}]+', 'gv')

/** Characters that are copy (emoji and their parts included); everything else becomes a space. */
const NOT_COPY = /[^\p{L}\p{M}\p{N}\s/$%.,?!¿¡&+'\-:#()[\]\p{Extended_Pictographic}\p{Emoji_Component}]+/gu
/** What a phrase may start with: a letter, a digit, a price, "#1", an opening bracket or mark, an emoji. */
const NOT_A_START = /^[^\p{L}\p{N}$#([¿¡\p{Extended_Pictographic}\p{Regional_Indicator}]+/u
/** What a phrase does not end on: a joining mark or one that opens. */
const NOT_AN_END = /[\s,:&+/'\-¿¡([]+$/u

/**
 * A word capitalised inside on purpose keeps its case: mixed case ("iPhone", "McDonald", "eBay") or an
 * acronym in capitals ("DIY", "NYC", "HVAC", "U.S."). Any other word is lower case, so "Wasp Removal"
 * and "wasp removal" are one keyword (one cached page). Capitals are shouting, not naming, in a word
 * longer than an acronym ("ÁCAROS") or a keyword in capitals throughout ("ANT KILLER"): lower case.
 */
const CAPITAL_INSIDE = /\p{L}.*\p{Lu}/u
const MAX_ACRONYM_LETTERS = 4
function keepsCase(word: string): boolean {
  if (!CAPITAL_INSIDE.test(word)) return false
  const letters = word.match(/\p{L}/gu) ?? []
  return /\p{Ll}/u.test(word) || letters.length <= MAX_ACRONYM_LETTERS
}
function foldCase(text: string, keepCapitals: boolean): string {
  const shouting = !/\p{Ll}/u.test(text) && (text.match(/\p{L}{2,}/gu)?.length ?? 0) > 1
  if (shouting) return text.toLowerCase()
  if (keepCapitals) return text
  return text.replace(/\S+/gu, (word) => (keepsCase(word) ? word : word.toLowerCase()))
}

/** Words that carry no meaning of their own (English and Spanish, from the stopword package). */
const STOPWORDS = new Set([...englishStopwords, ...spanishStopwords].map((word) => word.toLowerCase()))
function hasContentWord(text: string): boolean {
  return (text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{M}\p{N}']*/gu) ?? []).some((word) => !STOPWORDS.has(word))
}

/**
 * Brackets as pairs: one left without its partner (by the visitor, or by a contact detail removed from
 * inside) goes, and so does a pair with nothing inside; no space just inside a pair: "( 24 hr )" → "(24 hr)".
 */
const PARTNER: Readonly<Record<string, string>> = { ')': '(', ']': '[' }
function pairBrackets(text: string): string {
  const open: { char: string; at: number }[] = []
  const unpaired = new Set<number>()
  for (let at = 0; at < text.length; at++) {
    const char = text[at]!
    if (char === '(' || char === '[') open.push({ char, at })
    else if (char === ')' || char === ']') {
      if (open.at(-1)?.char === PARTNER[char]) open.pop()
      else unpaired.add(at)
    }
  }
  for (const { at } of open) unpaired.add(at)
  let paired = ''
  for (let at = 0; at < text.length; at++) paired += unpaired.has(at) ? ' ' : text[at]
  return paired
    .replace(/\(\s*\)|\[\s*\]/gu, ' ')
    .replace(/([([])\s+/gu, '$1')
    .replace(/\s+([)\]])/gu, '$1')
    .replace(/\s+/gu, ' ')
    .trim()
}

interface CleanOptions {
  /** The advertiser's capitals kept (a headline is copy as written), not folded to one cached keyword. */
  keepCapitals: boolean
}

function cleanOnce(raw: string, { keepCapitals }: CleanOptions): string {
  let text = foldCase(
    raw
      .normalize('NFKC')
      // Typographic apostrophes and dashes are the plain ones.
      .replace(/[\u2018\u2019\u02bc]/gu, "'")
      .replace(/[\u2010-\u2015\u2212]/gu, '-')
      // Invisible and direction characters vanish (they may sit inside a word); controls split words.
      .replace(INVISIBLE_OUTSIDE_EMOJI, (_, emoji: string | undefined) => emoji ?? '')
      .replace(/\p{Cc}+/gu, ' ')
      .replace(MARKUP, ' '),
    keepCapitals,
  )
  text = dropContactsAsTheyLook(text)
    .replace(HOLE_WITH_JOINERS, ' ')
    .replace(NOT_COPY, ' ')
    // A repeated joining mark is one mark: "$$" → "$", "--" → "-" ("!!" and "??" are the visitor's, and stay).
    .replace(/([/$%.,&+'\-:#])\1+/gu, '$1')
    // # only as "number": "#1 exterminator".
    .replace(/#(?![\p{N}\uFE0F\u20E3])/gu, ' ')
    // ' only inside a word; & stands between words.
    .replace(/(?<![\p{L}\p{N}])'|'(?![\p{L}\p{N}])/gu, ' ')
    .replace(/&/g, ' & ')
    // No space before the marks that close a phrase.
    .replace(/\s+(?=[.,?!%:])/gu, '')
    .replace(/\s+/gu, ' ')
    .trim()
  text = pairBrackets(text).replace(NOT_A_START, '').replace(NOT_AN_END, '')
  if (!hasContentWord(text)) return ''
  if (text.length > MAX_KEYWORD_LENGTH) {
    const cut = text.slice(0, MAX_KEYWORD_LENGTH + 1)
    const lastSpace = cut.lastIndexOf(' ')
    text = (lastSpace > 0 ? cut.slice(0, lastSpace) : cut.slice(0, MAX_KEYWORD_LENGTH)).trim()
  }
  return text
}

function normalize(raw: string | null | undefined, options: CleanOptions): string {
  if (typeof raw !== 'string') return ''
  let text = raw.slice(0, MAX_RAW_LENGTH)
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const next = cleanOnce(text, options)
    if (next === text) return text
    text = next
  }
  // Never seen in practice; an empty keyword (the editor's title) is the safe answer.
  return ''
}

/**
 * An ad keyword (slkw, kw) cleaned, its trailing phrase still on: the normal form a cached variant's
 * address carries and decodeVariant accepts (idempotent).
 */
export function cleanKeyword(raw: string | null | undefined): string {
  return normalize(raw, { keepCapitals: false })
}

/** An ad keyword (slkw, kw) as the title shows it: cleaned, and one trailing "near me", "in my area" or "local" removed. */
export function normalizeKeyword(raw: string | null | undefined): string {
  const cleaned = cleanKeyword(raw)
  return cleaned && cleanKeyword(cleaned.replace(TRAILING_FILLER, ''))
}

/** An ad headline (/v2's headline1) in normal form: cleaned like a keyword, its words and capitals all kept. */
export function normalizeHeadline(raw: string | null | undefined): string {
  return normalize(raw, { keepCapitals: true })
}

const PERCENT_CODE = /%[0-9a-f]{2}/i

/**
 * A query value as the advertiser wrote it. Some tracking templates encode a value twice, so after
 * the URL's own decoding it still reads "wasp%20nest%20removal": such a value is decoded once more
 * (once only: a third layer stays as it is). Percent codes that are not UTF-8 stay as written.
 */
export function decodeOnceMore(raw: string | null | undefined): string | null | undefined {
  if (typeof raw !== 'string' || !PERCENT_CODE.test(raw)) return raw
  try {
    return decodeURIComponent(raw)
  } catch {
    return raw.replace(/(?:%[0-9a-f]{2})+/gi, (codes) => {
      try {
        return decodeURIComponent(codes)
      } catch {
        return codes
      }
    })
  }
}

/** slkw wins over kw when it holds a usable keyword; a value encoded twice is read once more. */
export function keywordFrom(slkw: string | null | undefined, kw: string | null | undefined): string {
  return normalizeKeyword(decodeOnceMore(slkw)) || normalizeKeyword(decodeOnceMore(kw))
}
