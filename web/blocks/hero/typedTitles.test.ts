import { describe, expect, it } from 'vitest'
import typed from '../../../tests/fixtures/typed.json' with { type: 'json' }
import { readInputs, variantContext, variantFor, type PersonalizedRoute } from '@/lib/personalization/variant'
import { heroTitle } from './Hero'

/**
 * Titles keep what the visitor typed (tests/fixtures/typed.json, the table in docs/ad-phrases.md): emoji,
 * brackets, "&", "!!", "??", "¿…?", "¡…!" stay, a mark ending the keyword leaves the words before it as they
 * were, one trailing phrase goes, and what safety removes (phone numbers, web addresses) goes. Each row runs
 * the page's own path: the query string read as the request hook reads it, the variant, the hero's title.
 */
const home: PersonalizedRoute = { id: 'home', path: '/', fields: ['keyword', 'location'] }
const v2: PersonalizedRoute = { id: 'v2', path: '/v2', fields: ['location', 'headline', 'question'] }
const DEFAULT_TITLE = 'Pest Exterminator'

function shownTitle(route: PersonalizedRoute, query: Record<string, string>): string {
  const variant = variantFor(route, readInputs(new URLSearchParams(query)), { location: null })
  return heroTitle(DEFAULT_TITLE, variant ? variantContext(variant) : {})
}

describe('ad keywords as typed (kw)', () => {
  it('holds at least 30 keywords', () => {
    expect(typed.keywords.length).toBeGreaterThanOrEqual(30)
  })

  it.each(typed.keywords.map(({ ad, title }) => [ad, title]))('"%s" → "%s"', (ad, title) => {
    expect(shownTitle(home, { kw: ad })).toBe(title)
    expect(shownTitle(home, { slkw: ad, kw: 'ants' })).toBe(title)
  })
})

describe('/v2 headlines as typed (headline1), with and without q', () => {
  it('holds at least 10 headlines', () => {
    expect(typed.headlines.length).toBeGreaterThanOrEqual(10)
  })

  it.each(typed.headlines.map(({ ad, title, asked }) => [ad, title, asked]))('"%s" → "%s"; with q=y "%s"', (ad, title, asked) => {
    expect(shownTitle(v2, { headline1: ad })).toBe(title)
    expect(shownTitle(v2, { headline1: ad, q: 'y' })).toBe(asked)
    // Only "y" asks: "Y", "yes" or " y" add nothing.
    for (const q of ['Y', 'yes', ' y']) expect(shownTitle(v2, { headline1: ad, q }), q).toBe(title)
  })

  it('asks the editor’s own title only with q=y', () => {
    expect(shownTitle(v2, { q: 'y' })).toBe(`${DEFAULT_TITLE}?`)
    expect(shownTitle(v2, { q: 'Y' })).toBe(DEFAULT_TITLE)
  })
})
