import { describe, expect, it } from 'vitest'
import { readdirSync, readFileSync } from 'node:fs'
import { bundledDocuments } from './sanity/localDataset'
import { GENERIC_ILLUSTRATION, ILLUSTRATED_PESTS, photoSource } from './pestPhoto'

const ant = { name: 'Ants', imageAlt: 'Ant on a leaf', illustrationAlt: 'Drawing of an ant', imageFile: 'ant', image: null }

describe('photoSource', () => {
  it('prefers the photo uploaded in the Studio', () => {
    const source = photoSource(
      { ...ant, image: { url: 'https://cdn.sanity.io/images/p/d/a-10x20.jpg', width: 10, height: 20 } },
      'https://x.supabase.co',
    )
    expect(source).toMatchObject({ src: 'https://cdn.sanity.io/images/p/d/a-10x20.jpg', width: 10, height: 20, bundled: false })
  })

  it('uses the Supabase public bucket when Supabase is configured', () => {
    expect(photoSource(ant, 'https://x.supabase.co/').src).toBe(
      'https://x.supabase.co/storage/v1/object/public/pest-control-images/ant.jpg',
    )
  })

  it('falls back to the pest’s own drawing, described as the drawing', () => {
    expect(photoSource(ant, undefined)).toMatchObject({ src: '/illustrations/ant.svg', alt: 'Drawing of an ant', bundled: true })
    expect(photoSource({ ...ant, imageFile: 'wasp', illustrationAlt: 'Drawing of a wasp' }, undefined)).toMatchObject({
      src: '/illustrations/wasp.svg',
      alt: 'Drawing of a wasp',
    })
  })

  it('gives a remote photo the drawing and its description as the fallback', () => {
    expect(photoSource(ant, 'https://x.supabase.co').fallback).toEqual({ src: '/illustrations/ant.svg', alt: 'Drawing of an ant' })
  })

  it('shows the generic drawing as decoration for a pest without a drawing of its own', () => {
    expect(photoSource({ ...ant, imageFile: 'armadillo' }, undefined)).toMatchObject({ src: GENERIC_ILLUSTRATION, alt: '' })
  })
})

describe('the bundled drawings', () => {
  const files = readdirSync(new URL('../public/illustrations/', import.meta.url))

  it('exist for every listed pest and every pest of the dataset, each a distinct small file', () => {
    expect(files.filter((file) => file !== 'pest.svg').sort()).toEqual([...ILLUSTRATED_PESTS].map((name) => `${name}.svg`).sort())
    const pests = bundledDocuments().filter((doc) => doc._type === 'pest') as unknown as { imageFile: string }[]
    for (const pest of pests) expect(ILLUSTRATED_PESTS.has(pest.imageFile), pest.imageFile).toBe(true)
    const contents = files.map((file) => readFileSync(new URL(`../public/illustrations/${file}`, import.meta.url), 'utf8'))
    expect(new Set(contents).size).toBe(files.length)
    for (const svg of contents) expect(svg.length).toBeLessThan(5_000)
  })
})
