// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { testContext } from '../../../tests/support/blockFixtures'
import { PestImageBlock } from './PestImageBlock'

afterEach(cleanup)

describe('PestImageBlock', () => {
  it('picks the picture from the keyword when no pest is chosen: the pest’s own drawing, described as drawn', () => {
    render(<PestImageBlock block={{ _type: 'pestImage', _key: 'p', caption: null, pestChosen: false, pest: null }} context={{ ...testContext, keyword: 'Wasp Removal' }} />)
    expect(screen.getByRole('img').getAttribute('alt')).toBe('Drawing of a wasp')
    expect(screen.getByRole('img').getAttribute('src')).toMatch(/\/illustrations\/wasp\.svg$/)
  })

  it('describes a photo as the photo when one comes from the bucket', () => {
    render(<PestImageBlock block={{ _type: 'pestImage', _key: 'p', caption: null, pestChosen: false, pest: null }} context={{ ...testContext, keyword: 'Wasp Removal', supabaseUrl: 'https://x.supabase.co' }} />)
    expect(screen.getByRole('img').getAttribute('alt')).toBe('A paper wasp')
  })

  it('falls back to the ant photo without a keyword and shows the caption', () => {
    render(<PestImageBlock block={{ _type: 'pestImage', _key: 'p', caption: 'Fast help', pestChosen: false, pest: null }} context={testContext} />)
    expect(screen.getByRole('img').getAttribute('alt')).toBe('Drawing of an ant')
    expect(screen.getByText('Fast help')).toBeTruthy()
  })

  it('uses the Supabase bucket file when Supabase is configured', () => {
    render(<PestImageBlock block={{ _type: 'pestImage', _key: 'p', caption: null, pestChosen: false, pest: null }} context={{ ...testContext, supabaseUrl: 'https://abc.supabase.co' }} />)
    expect(decodeURIComponent(screen.getByRole('img').getAttribute('src') ?? '')).toContain(
      'https://abc.supabase.co/storage/v1/object/public/pest-control-images/ant.jpg',
    )
  })
})
