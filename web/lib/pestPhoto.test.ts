import { describe, expect, it } from 'vitest'
import { BUNDLED_ILLUSTRATION, photoSource } from './pestPhoto'

const ant = { name: 'Ants', imageAlt: 'Ant on a leaf', imageFile: 'ant', image: null }

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

  it('falls back to the bundled illustration, keeping the alt text', () => {
    expect(photoSource(ant, undefined)).toMatchObject({ src: BUNDLED_ILLUSTRATION, alt: 'Ant on a leaf', bundled: true })
  })
})
