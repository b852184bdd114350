/**
 * Places of the location table by name, for the Studio's place search on a provider: names that start with
 * the words typed first, then names that contain them, at most `limit`.
 */
export interface PlaceMatch {
  code: string
  label: string
}

export function searchPlaces(table: ReadonlyMap<string, string>, query: string, limit = 20): PlaceMatch[] {
  const wanted = query.trim().toLowerCase().replace(/\s+/g, ' ')
  if (wanted.length < 2) return []
  const starts: PlaceMatch[] = []
  const contains: PlaceMatch[] = []
  for (const [code, label] of table) {
    const name = label.toLowerCase()
    if (name.startsWith(wanted)) starts.push({ code, label })
    else if (contains.length < limit && name.includes(wanted)) contains.push({ code, label })
  }
  const byName = (a: PlaceMatch, b: PlaceMatch) => a.label.length - b.label.length || a.label.localeCompare(b.label)
  return [...starts.sort(byName), ...contains.sort(byName)].slice(0, limit)
}
