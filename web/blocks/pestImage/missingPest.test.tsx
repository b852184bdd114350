// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { testContext } from '../../../tests/support/blockFixtures'
import { pestsQuery, routeQuery } from '../../content/queries'
import { bundledDocuments, queryDocuments, type SanityDocumentLike } from '../../lib/sanity/localDataset'
import type { PestsQueryResult, RouteQueryResult } from '../../sanity.types'
import type { BlockOf } from '../types'
import { PestImageBlock } from './PestImageBlock'

/**
 * With a pest removed from the content, every page of the bundled dataset is read through the site's own
 * route query and its pest photos rendered: none shows another pest's picture. A photo whose pest is gone
 * shows the keyword's pest or the default picture (the ant drawing, described as no pest in particular).
 */
afterEach(cleanup)


async function photosWithout(removedId: string, keyword: string | undefined) {
  const docs: SanityDocumentLike[] = bundledDocuments().filter((doc) => doc._id !== removedId)
  const pests = (await queryDocuments(docs, pestsQuery)) as PestsQueryResult
  const slugs = docs.filter((doc) => ['page', 'pestPage'].includes(doc._type)).map((doc) => (doc.slug as { current: string }).current)
  const shown: { slug: string; src: string; alt: string }[] = []
  for (const slug of slugs) {
    const route = (await queryDocuments(docs, routeQuery, { slug })) as RouteQueryResult
    const blocks = (route && 'blocks' in route ? route.blocks : []) as { _type: string }[]
    for (const block of blocks.filter((each): each is BlockOf<'pestImage'> => each._type === 'pestImage')) {
      const { container } = render(<PestImageBlock block={block} context={{ ...testContext, pests, keyword }} />)
      const img = container.querySelector('img')!
      shown.push({ slug, src: img.getAttribute('src') ?? '', alt: img.getAttribute('alt') ?? '' })
      cleanup()
    }
  }
  return shown
}

const drawing = (src: string) => /\/illustrations\/([a-z-]+)\.svg/.exec(decodeURIComponent(src))?.[1]

describe('a pest page shows its pest’s photo when its Photo switch is on', () => {
  it('the bundled pest pages with a photo are the wasp, yellow-jacket and moth pages, each with its own pest', async () => {
    const pestPages = new Set(bundledDocuments().filter((doc) => doc._type === 'pestPage').map((doc) => (doc.slug as { current: string }).current))
    const shown = (await photosWithout('nothing-removed', undefined)).filter(({ slug }) => pestPages.has(slug))
    expect(shown.map(({ slug, src }) => [slug, drawing(src)])).toEqual([
      ['wasps', 'wasp'],
      ['yellow-jackets', 'yellow-jacket'],
      ['moths', 'moth'],
    ])
  })
})

describe('a pest removed from the content', () => {
  it('Ants gone: /ants, / with “ant exterminator” and / show the default picture with no pest named, and the log says why', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    for (const keyword of [undefined, 'ant exterminator']) {
      const shown = await photosWithout('pest-ant', keyword)
      expect(shown.length).toBeGreaterThan(0)
      for (const photo of shown.filter(({ slug }) => slug === 'ants' || slug === 'home')) {
        expect([photo.slug, drawing(photo.src), photo.alt]).toEqual([photo.slug, 'ant', ''])
      }
    }
    expect(warn.mock.calls.flat().join('\n')).toMatch(/\[pest\] .*not in the published content/)
    warn.mockRestore()
  })

  it('any pest gone: no page shows a picture of a pest it did not choose and the keyword does not name', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const pests = bundledDocuments().filter((doc) => doc._type === 'pest')
    const chosen = await photosWithout('nothing-removed', undefined)
    for (const removed of pests) {
      const shown = await photosWithout(removed._id, undefined)
      shown.forEach((photo, index) => {
        const before = drawing(chosen[index]!.src)
        // The same picture as before, unless it was the removed pest's: then the default one.
        expect([photo.slug, drawing(photo.src)]).toEqual([photo.slug, before === removed.imageFile ? 'ant' : before])
      })
    }
    vi.restoreAllMocks()
  })
})
