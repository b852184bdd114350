/**
 * Ad keyword or headline → hero title (spec §2.3): trailing "near me", "in my area" or "local"
 * removed, then title-cased the way Google's {KeyWord:} insertion does. Advertisers' copy is kept
 * as written: letters, digits and the punctuation ad copy uses (/ $ % . , ? ! & + ' - :), so
 * "24/7 exterminator", "$99 pest control" and "st. louis" survive. What is not copy is dropped:
 * markup, control, invisible and direction characters, and contact details a stranger could plant
 * in a URL (phone numbers, web addresses, domains, e-mail addresses). At most MAX_KEYWORD_LENGTH
 * characters: keeps the number of cached page variants bounded. The result is rendered as text.
 *
 * normalizeKeyword is idempotent (decodeVariant relies on it): one cleaning pass is repeated until
 * nothing changes.
 */
export const MAX_KEYWORD_LENGTH = 60
/** Longest raw value worth reading: beyond this nothing useful fits in a 60-character title. */
const MAX_RAW_LENGTH = 500
/** A pass removes or merges characters, so a fixpoint comes in two or three passes. */
const MAX_PASSES = 8

const TRAILING_FILLER = /(?:[\s,:-]|^)(?:near\s+me|in\s+my\s+area|local)[\s.,!?:]*$/iu

/** HTML tags and comments, removed whole (their attribute text is not copy). */
const MARKUP = /<!--[\s\S]*?(?:-->|$)|<\/?[a-z!?][^<>]*(?:>|$)/giu

const EMAIL = /[\p{L}\p{N}._%+-]+\s*(?:@|\(at\)|\[at\])\s*[\p{L}\p{N}-]+(?:(?:\.|\s*\(dot\)\s*|\s*\[dot\]\s*)[\p{L}\p{N}-]+)+/giu

/** Anything written as a web address: a scheme, "www.", or a path behind a host. */
const URL_LIKE = /(?:[a-z][a-z0-9+.-]*:\/\/|www\d?\.)\S*|[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+\/\S*/giu

/**
 * Top-level domains people actually type. A bare "name.tld" with one of these is a domain, also
 * spelled "name dot com" or "name[.]com". A list rather than "any letters", so "st.louis" stays.
 */
const TLDS =
  'com|net|org|info|biz|io|co|us|ca|uk|de|fr|ru|cn|in|au|eu|xyz|online|site|top|app|dev|me|ly|gl|to|tv|cc|ws|shop|store|pro|club|live|link|click|help|services|company|business|mobi|ai|gg|page|website|space|tech|xn--[a-z0-9-]+'
const DOMAIN = new RegExp(
  `(?<![\\p{L}\\p{N}])[\\p{L}\\p{N}-]+(?:(?:\\.|\\s*\\[\\.\\]\\s*|\\s+dot\\s+)[\\p{L}\\p{N}-]+)*(?:\\.|\\s*\\[\\.\\]\\s*|\\s+dot\\s+)(?:${TLDS})(?![\\p{L}\\p{N}])`,
  'giu',
)

/**
 * Phone numbers: any run of 7 or more digits joined by separators (spaces, - ( ) or a single "."),
 * in any grouping and with a leading +. Inside a run, a standalone-looking "o" counts as 0 and
 * "l"/"i" as 1 ("l-800-555-Ol99") while the run keeps five real digits. Toll-free vanity numbers
 * ("1-800-GOT-ANTS") too. Not phone numbers, so kept: amounts and percentages ("$1,000,000",
 * "since 1985. 100%"), dates ("12/31/2026"), "24/7/365".
 */
const DIGIT_TOKEN = '(?:[0-9]|(?<![^\\P{L}oli])[oli](?![^\\P{L}oli]))'
const PHONE_SEPARATOR = '(?:\\.|[\\s\\-()]{1,3})?'
/** A run starts at a digit, or at a digit-like letter that does not end a word ("call 555…"). */
const FIRST_DIGIT_TOKEN = '(?:[0-9]|(?<!\\p{L})[oli](?![^\\P{L}oli]))'
const PHONE_RUN = new RegExp(
  `(?<!\\p{N})\\+?\\(?${FIRST_DIGIT_TOKEN}(?:${PHONE_SEPARATOR}${DIGIT_TOKEN}){6,}\\)?(?![\\p{N}%])`,
  'giu',
)
const VANITY = /(?<![\p{L}\p{N}])(?:\+?1[\s.-]{0,2})?\(?8(?:00|88|77|66|55|44|33)\)?[\s.-]{0,2}[a-z0-9]{3}[\s.-]{0,2}[a-z0-9]{4}(?![\p{L}\p{N}])/giu

function dropPhones(text: string): string {
  return text.replace(PHONE_RUN, (run) => (run.replace(/\D/g, '').length >= 5 ? HOLE : run)).replace(VANITY, HOLE)
}

/**
 * Where something was dropped. A mark left joining it to the copy goes with it:
 * "call + <a phone number> + now" → "call now", "ants & joe@x.com" → "ants".
 */
const HOLE = '\u0001'
const HOLE_WITH_JOINERS = /[\s/&+:,'-]*\u0001[\s/&+:,'-]*/gu

/** Characters that are copy; everything else becomes a space. */
const NOT_COPY = /[^\p{L}\p{M}\p{N}\s/$%.,?!&+'\-:]+/gu

function cleanOnce(raw: string): string {
  let text = raw
    .normalize('NFKC')
    .toLowerCase()
    // Typographic apostrophes and dashes are the plain ones.
    .replace(/[\u2018\u2019\u02bc]/gu, "'")
    .replace(/[\u2010-\u2015\u2212]/gu, '-')
    // Invisible and direction characters vanish (they may sit inside a word); controls split words.
    .replace(/[\p{Cf}\p{Co}\p{Cn}\p{Cs}]+/gu, '')
    .replace(/\p{Cc}+/gu, ' ')
    .replace(MARKUP, ' ')
    .replace(EMAIL, HOLE)
    .replace(URL_LIKE, HOLE)
    .replace(DOMAIN, HOLE)
  text = dropPhones(text)
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
  for (let previous = ''; previous !== text; ) {
    previous = text
    text = text.replace(TRAILING_FILLER, '').replace(/[\s,:&+/'-]+$/u, '')
  }
  if (!/[\p{L}\p{N}]/u.test(text)) return ''
  if (text.length > MAX_KEYWORD_LENGTH) {
    const cut = text.slice(0, MAX_KEYWORD_LENGTH + 1)
    const lastSpace = cut.lastIndexOf(' ')
    text = (lastSpace > 0 ? cut.slice(0, lastSpace) : cut.slice(0, MAX_KEYWORD_LENGTH)).trim()
  }
  return text
}

export function normalizeKeyword(raw: string | null | undefined): string {
  if (typeof raw !== 'string') return ''
  let text = raw.slice(0, MAX_RAW_LENGTH)
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const next = cleanOnce(text)
    if (next === text) return text
    text = next
  }
  // Never seen in practice; an empty keyword (the editor's title) is the safe answer.
  return ''
}

/**
 * Google's {KeyWord:} capitalization: the first letter of each word, the rest as written.
 * "wasp removal" → "Wasp Removal", "st. louis" → "St. Louis", "24/7 pest" → "24/7 Pest", "u.s." → "U.S.";
 * words joined by - are words too ("Yellow-Jacket").
 */
export function titleCase(text: string): string {
  return (
    text
      .replace(/(^|[\s-])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase())
      // Initials stay initials: "u.s.a." → "U.S.A.".
      .replace(/(?<=(?:^|\s)(?:\p{L}\.)+)\p{L}(?=\.)/gu, (letter) => letter.toUpperCase())
  )
}

/** slkw wins over kw when it holds a usable keyword. */
export function keywordFrom(slkw: string | null | undefined, kw: string | null | undefined): string {
  return normalizeKeyword(slkw) || normalizeKeyword(kw)
}
