/**
 * The words of service-area pages come from Site settings, with placeholders filled per page: {service} (the pest
 * page's headline), {pest} (the pest's name), {place}, {state} (two letters), {stateName}.
 */
export const SERVICE_AREA_PLACEHOLDERS = ['service', 'pest', 'place', 'state', 'stateName'] as const
export type Placeholder = (typeof SERVICE_AREA_PLACEHOLDERS)[number]
export type Fill = Partial<Record<Placeholder, string>>

/** The placeholders a wording uses that none fills in. */
export function unknownPlaceholders(text: string): string[] {
  return [...text.matchAll(/\{([^{}]*)\}/g)].map((match) => match[1]!).filter((name) => !(SERVICE_AREA_PLACEHOLDERS as readonly string[]).includes(name))
}

/** The wording with its placeholders filled; one with no value is dropped with the space before it. */
export function fillWording(text: string | null | undefined, fill: Fill): string {
  return (text ?? '').replace(/\s*\{(\w+)\}/g, (whole, name: string) => {
    const value = fill[name as Placeholder]
    return value === undefined ? '' : whole.replace(`{${name}}`, value)
  }).trim()
}
