import { describe, expect, it } from 'vitest'
import { nextTestChange, personalizedRoutesFrom } from '../content/pageShapes'
import type { PersonalizedPagesQueryResult } from '../sanity.types'
import { PageShapes } from './pageShapes'

const NOW = Date.parse('2026-06-01T12:00:00Z')
const page = (slug: string, experiment: Partial<NonNullable<PersonalizedPagesQueryResult[number]['experiment']>> | null, adInputs: string[] | null = null) =>
  ({ slug, adInputs, approvedKeywords: null, experiment: experiment ? { name: 'spring', start: null, stop: null, arms: [{ key: 'a', weight: 1 }, { key: 'b', weight: 1 }], ...experiment } : null }) as PersonalizedPagesQueryResult[number]

describe('personalizedRoutesFrom: what shapes a page, from content', () => {
  it('runs a test between its start and stop only, with a cookie-safe name and two usable versions', () => {
    const routes = personalizedRoutesFrom(
      {
        pages: [
          page('home', {}),
          page('later', { start: '2026-07-01T00:00:00Z' }),
          page('ended', { stop: '2026-05-01T00:00:00Z' }),
          page('odd-name', { name: 'Spring; Path=/' }),
          page('one-version', { arms: [{ key: 'a', weight: 1 }, { key: 'b', weight: 0 }] }),
          page('ads', null, ['keyword']),
        ],
        homeSlug: 'home',
        rules: [],
        slugs: [],
      },
      NOW,
    )
    expect(routes.map((route) => [route.path, Boolean(route.experiment)])).toEqual([
      ['/', true],
      ['/ads', false],
    ])
  })

  it('says when a test starts or stops next', () => {
    expect(nextTestChange([page('a', { start: '2026-06-01T12:00:30Z' }), page('b', { stop: '2026-06-01T13:00:00Z' }), page('c', { stop: '2026-05-01T00:00:00Z' })], NOW)).toBe(
      Date.parse('2026-06-01T12:00:30Z'),
    )
  })
})

describe('PageShapes: the front’s list', () => {
  const route = { id: 'spring', path: '/spring', fields: [] }

  it('is unknown until read, keeps the last list when a read fails, and is unknown again after a publish until read', async () => {
    let fail = false
    let reads = 0
    const lines: string[] = []
    const shapes = new PageShapes(
      async () => {
        reads++
        if (fail) throw new Error('lake down')
        return { routes: [route] }
      },
      { log: (line) => lines.push(line) },
    )
    expect(shapes.get('/spring')).toBeUndefined()
    await shapes.refresh()
    expect(shapes.get('/spring')).toEqual(route)
    expect(shapes.get('/ants')).toBeNull()
    fail = true
    await shapes.refresh()
    expect(shapes.get('/spring')).toEqual(route)
    expect(lines).toEqual(['[front] could not read which pages run tests: lake down'])
    fail = false
    const reading = shapes.forget()
    expect(shapes.get('/spring')).toBeUndefined()
    await reading
    expect(shapes.get('/spring')).toEqual(route)
    expect(reads).toBe(3)
  })
})
