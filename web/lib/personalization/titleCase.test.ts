import { describe, expect, it } from 'vitest'
import casing from '../../../tests/fixtures/casing.json' with { type: 'json' }
import { normalizeHeadline, normalizeKeyword } from './keyword'
import { headlineCase, titleCase } from './titleCase'

/** 60 real ad keywords and the headline each shows (tests/fixtures/casing.json, the table in docs/ad-phrases.md). */
describe('titleCase: keywords cased as people write titles', () => {
  it.each(casing.keywords.map(({ ad, title }) => [ad, title]))('"%s" → "%s"', (ad, title) => {
    expect(titleCase(normalizeKeyword(ad))).toBe(title)
  })

  it('holds 60 keywords', () => {
    expect(casing.keywords).toHaveLength(60)
  })

  it('is idempotent: a title cased again is the same title', () => {
    for (const { title } of casing.keywords) expect(titleCase(title), title).toBe(title)
  })
})

describe('headlineCase: /v2’s headline1 keeps the advertiser’s capitals', () => {
  it.each(casing.headlines.map(({ ad, title }) => [ad, title]))('"%s" → "%s"', (ad, title) => {
    expect(headlineCase(normalizeHeadline(ad))).toBe(title)
  })
})
