import type { SanityDocumentLike } from '../../web/lib/sanity/localDataset'

/**
 * Appends a marker to every editable string of a dataset: the copy an editor writes. Identifiers,
 * enums, addresses, the phone (its digits are checked elsewhere) and dates are left alone, since
 * changing them would change behaviour rather than words.
 */
export const COPY_MARKER = '§'

const NOT_COPY = new Set([
  '_id', '_type', '_key', '_ref', '_createdAt', '_updatedAt', '_rev', 'current',
  'phone', 'phoneDisplay', 'imageFile', 'matchWords', 'href', 'robots', 'chrome', 'callBar', 'tone',
  'style', 'listItem', 'marks', 'effectiveDate', 'keywords',
])

function mark(value: unknown, key: string | undefined): unknown {
  if (typeof value === 'string') return key && NOT_COPY.has(key) ? value : value + COPY_MARKER
  if (Array.isArray(value)) return key && NOT_COPY.has(key) ? value : value.map((item) => mark(item, undefined))
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, mark(inner, name)]))
  }
  return value
}

export function markCopy(documents: SanityDocumentLike[]): SanityDocumentLike[] {
  return documents.map((doc) => mark(doc, undefined) as SanityDocumentLike)
}

/** Text that needs no marker: digits and punctuation only (step numbers, "95%", "4.9/5", the phone). */
export function isNumbersOrPunctuation(text: string): boolean {
  return /^[\p{N}\p{P}\p{S}\s]*$/u.test(text)
}
