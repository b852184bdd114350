/**
 * Ad keyword → hero title (spec §2.3): trailing "near me", "in my area" or "local" removed, then
 * title-cased. The keyword comes from a URL anyone can write, so it is also reduced to words:
 * letters, digits, spaces and ' - & only, at most MAX_KEYWORD_LENGTH characters. That keeps it text
 * (never markup) and keeps the number of cached page variants bounded.
 */
export const MAX_KEYWORD_LENGTH = 60
/** Longest raw value worth reading: beyond this nothing useful fits in a 60-character title. */
const MAX_RAW_LENGTH = 500

const TRAILING_FILLER = /(?:\s|^)(?:near\s+me|in\s+my\s+area|local)\s*$/iu

export function normalizeKeyword(raw: string | null | undefined): string {
  if (typeof raw !== 'string') return ''
  let text = raw
    .slice(0, MAX_RAW_LENGTH)
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}'&-]+/gu, ' ')
    // ' and - only inside words; & only between words.
    .replace(/(?<=\s|^)['-]+|['-]+(?=\s|$)/gu, ' ')
    .replace(/&+/g, ' & ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(?:& ?)+|(?: ?&)+$|(?<=& )(?:& )+/g, '')
    .trim()
  for (let previous = ''; previous !== text; ) {
    previous = text
    text = text.replace(TRAILING_FILLER, '').trim()
  }
  if (text.length > MAX_KEYWORD_LENGTH) {
    const cut = text.slice(0, MAX_KEYWORD_LENGTH + 1)
    const lastSpace = cut.lastIndexOf(' ')
    text = (lastSpace > 0 ? cut.slice(0, lastSpace) : cut.slice(0, MAX_KEYWORD_LENGTH)).trim()
  }
  return text
}

/** "wasp removal" → "Wasp Removal"; words joined by - or ' keep their inner letters lower-case. */
export function titleCase(text: string): string {
  return text.replace(/(^|[\s-])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase())
}

/** slkw wins over kw when it holds a usable keyword. */
export function keywordFrom(slkw: string | null | undefined, kw: string | null | undefined): string {
  return normalizeKeyword(slkw) || normalizeKeyword(kw)
}
