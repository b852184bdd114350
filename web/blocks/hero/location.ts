import type { VisitorLocation } from '@/lib/location/parse'

/** "We service {city} and the surrounding area in {state}." with the visitor's place filled in, in one pass. */
export function fillLocation(template: string, { city, state }: VisitorLocation): string {
  return template.replace(/\{(city|state)\}/g, (_, key: 'city' | 'state') => (key === 'city' ? city : state))
}
