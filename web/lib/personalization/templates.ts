/**
 * Editor-written templates for ad text: "{Keyword}", "{Headline} near you", "We service {city} and
 * the surrounding area in {state}.". Placeholders are the ad inputs' names; an unknown one is an
 * error in the Studio, never silently shown.
 */
export const TITLE_PLACEHOLDERS = ['Keyword', 'Headline'] as const
export const LOCATION_PLACEHOLDERS = ['city', 'state'] as const

const PLACEHOLDER = /\{([^{}]*)\}/g

export function placeholdersIn(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((match) => match[1]!)
}

/** The Studio's message for a template with placeholders outside `allowed`; true when it is fine. */
export function checkPlaceholders(template: string | undefined, allowed: readonly string[]): true | string {
  if (!template) return true
  const unknown = placeholdersIn(template).filter((name) => !allowed.includes(name))
  if (unknown.length === 0) return true
  const names = allowed.map((name) => `{${name}}`).join(' or ')
  return `Unknown placeholder ${unknown.map((name) => `{${name}}`).join(', ')}: use ${names} (spelled exactly so).`
}

/** The template with its placeholders filled, in one pass; null when one it uses has no value (then the fallback shows). */
export function fillTemplate(template: string, values: Record<string, string | undefined>): string | null {
  let missing = false
  const filled = template.replace(PLACEHOLDER, (_, name: string) => {
    const value = values[name]
    if (!value) missing = true
    return value ?? ''
  })
  return missing ? null : filled
}
