/**
 * What a page's draft adds that is not on the site yet: the documents it references that exist only as
 * drafts (an FAQ created from the page's FAQ section, a pest created from a Pest field). Publishing the
 * page publishes them in the same step, so one change takes one publish.
 */
export function referencedIds(value: unknown, found = new Set<string>()): string[] {
  if (Array.isArray(value)) value.forEach((item) => referencedIds(item, found))
  else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>
    if (typeof record._ref === 'string' && !record._ref.startsWith('image-') && !record._ref.startsWith('file-')) found.add(record._ref)
    Object.values(record).forEach((item) => referencedIds(item, found))
  }
  return [...found]
}

const NOUNS: Record<string, [string, string]> = { faq: ['question', 'questions'], pest: ['pest', 'pests'] }

/** "Publish page and 1 new question", "Publish page and 2 new questions and 1 new pest". */
export function publishLabel(created: { type: string }[]): string {
  const counts = new Map<string, number>()
  for (const { type } of created) counts.set(type, (counts.get(type) ?? 0) + 1)
  const parts = [...counts].map(([type, count]) => {
    const [one, many] = NOUNS[type] ?? ['item', 'items']
    return `${count} new ${count === 1 ? one : many}`
  })
  return `Publish page and ${parts.join(' and ')}`
}

/** The referenced documents' drafts and published versions, read raw (ids as stored). */
export const NEW_REFERENCES_QUERY = /* groq */ `{ "drafts": *[_id in $draftIds]{ _id, _type }, "published": *[_id in $ids]._id }`

/** The referenced documents that exist only as drafts: published id and type. */
export function onlyDrafts(found: { drafts: { _id: string; _type: string }[]; published: string[] }): { id: string; type: string }[] {
  return found.drafts.map((draft) => ({ id: draft._id.replace(/^drafts\./, ''), type: draft._type })).filter(({ id }) => !found.published.includes(id))
}

/** Sanity's code for "Referenced document must be published" (@sanity/validation's referenceNotPublished). */
const REFERENCE_NOT_PUBLISHED = 'reference.not-published'

interface Problem {
  level: 'error' | 'warning' | 'info'
  code?: string
  details?: Record<string, unknown>
}

/**
 * The page's problems that still stop its publish once what it created is published with it: every error but
 * "must be published" on a reference to one of those (they are published in the same step, first).
 */
export function problemsLeft<T extends Problem>(markers: readonly T[], created: readonly { id: string }[]): T[] {
  const publishedWithIt = new Set(created.map(({ id }) => id))
  return markers.filter(
    (marker) => marker.level === 'error' && !(marker.code === REFERENCE_NOT_PUBLISHED && publishedWithIt.has(String(marker.details?.referenceId))),
  )
}
