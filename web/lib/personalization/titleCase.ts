import { placeStates } from '../places.ts'

/**
 * A cleaned keyword as a headline, cased the way people write titles (spec §2.3 "title-cased"):
 * - each word starts with a capital ("wasp removal" → "Wasp Removal", "st. louis" → "St. Louis", "24/7 pest" →
 *   "24/7 Pest", "u.s." → "U.S."; words joined by - too: "Same-Day"); a word already holding a capital ("DIY",
 *   "iPhone", "McDonald") is left as written;
 * - short joining words stay lower case inside a title ("Mice in Walls", "Exterminador de Cucarachas"), never
 *   first, last, after a phrase's end (":", "?", "!", ".", " - ") or first inside brackets or after "¿"/"¡";
 *   a mark ending the keyword ("Silverfish in Bathroom!!") never changes the words before it;
 * - US state codes and well-known abbreviations in capitals where they stand as such ("Austin TX", "NYC",
 *   "Bed Bug Exterminator NJ", "Is It OK"). A code that is also an ordinary word ("in", "or", "me", "oh", "pa",
 *   "de", "la") is a state only right after a place of that state in the location table, a comma between or not
 *   ("Portland OR", "Pittsburgh, PA"), or as the last word after "in" ("Pest Control in PA"); elsewhere it is the word:
 *   "Pest Control in My Home", "Ants or Roaches", "Help Me". A joining word that starts a place name is the
 *   place's: "Los Angeles", "El Paso".
 */

/** State codes that are not also ordinary English or Spanish words: capitals wherever they stand. */
const PLAIN_STATE_CODES = new Set(
  'ak az ar ca ct dc fl ga ia il ks ky md mn ms nc nd ne nh nj nm nv ny pr ri sc sd tn tx ut vt wa wi wv wy'.split(' '),
)
/** State codes that are also words ("in", "or", "me", Spanish "de", "la", "al"; "mt" is also Mount): by context. */
const WORD_STATE_CODES = new Set('al co de hi id in la ma me mi mo mt oh or pa va'.split(' '))
/** Abbreviations an ad keyword uses that are no ordinary word. */
const ABBREVIATIONS = new Set('nyc usa hvac diy llc epa bbb dfw okc nola dmv ipm ok'.split(' '))
/** Short joining words (English articles, conjunctions and prepositions of up to three letters; Spanish ones). */
const JOINING_WORDS = new Set([
  ...'a an and as at but by for in nor of on or per the to via vs vs.'.split(' '),
  ...'al con de del e el en la las los o para por u un una y'.split(' '),
])

/** Marks after which a new phrase starts, so its first word is capitalised. */
const PHRASE_END = /[:?!.]$|^[-&+/]$/
/** A lone mark between words ends the phrase before it ("Mice In - Walls"); a mark ending the next word does not. */
const LONE_MARK = /^[-&+/]$/
/** A word's opening marks ("(", "[", "¿", "¡"), its core, and its closing marks. */
const WORD_PARTS = /^([([¿¡]*)(.*?)([,.:?!)\]]*)$/u

/** Whether the words before `index` end with a place of the state `code` ("portland" OR, "new orleans," LA). */
function followsPlaceOf(words: readonly string[], index: number, code: string): boolean {
  for (let length = 1; length <= 3 && length <= index; length++) {
    const place = words.slice(index - length, index).join(' ').toLowerCase().replace(/,$/, '')
    if (placeStates().get(place)?.has(code)) return true
  }
  return false
}

/** Whether the words from `index` start a place name ("los angeles", "el paso", "la crosse"). */
function startsPlace(words: readonly string[], index: number): boolean {
  for (let length = 2; length <= 3 && index + length <= words.length; length++) {
    if (placeStates().has(words.slice(index, index + length).join(' ').toLowerCase().replace(/,$/, ''))) return true
  }
  return false
}

/** A state code that is also a word stands as the state after a place of that state, or last after "in". */
function standsAsState(words: readonly string[], index: number, code: string): boolean {
  return followsPlaceOf(words, index, code) || (index === words.length - 1 && words[index - 1] === 'in')
}

function capitalise(word: string): string {
  return word
    .replace(/(^[([¿¡]*|-)(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase())
    // Initials stay initials: "u.s.a." → "U.S.A.".
    .replace(/(?<=^(?:\p{L}\.)+)\p{L}(?=\.)/gu, (letter) => letter.toUpperCase())
}

function caseWord(words: readonly string[], index: number): string {
  const word = words[index]!
  if (/\p{Lu}/u.test(word)) return word
  const [, head = '', core = '', tail = ''] = WORD_PARTS.exec(word) ?? []
  if (PLAIN_STATE_CODES.has(core) || ABBREVIATIONS.has(core)) return head + core.toUpperCase() + tail
  if (WORD_STATE_CODES.has(core) && standsAsState(words, index, core)) return head + core.toUpperCase() + tail
  const startsPhrase = index === 0 || head !== '' || PHRASE_END.test(words[index - 1]!)
  const endsPhrase = index === words.length - 1 || tail !== '' || LONE_MARK.test(words[index + 1]!)
  if (core === 'vs' && index > 0) return word
  if (JOINING_WORDS.has(word) && !startsPhrase && !endsPhrase && !startsPlace(words, index)) return word
  return capitalise(word)
}

export function titleCase(text: string): string {
  const words = text.split(' ')
  return words.map((_, index) => caseWord(words, index)).join(' ')
}

/**
 * /v2's headline1 as the advertiser wrote it when it holds any capital ("Need an Exterminator Today" stays so);
 * a headline in lower case throughout is title-cased like a keyword.
 */
export function headlineCase(text: string): string {
  return /\p{Lu}/u.test(text) ? text : titleCase(text)
}
