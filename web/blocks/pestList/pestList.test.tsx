// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { testContext, TEST_TEL } from '../../../tests/support/blockFixtures'
import { PestList } from './PestList'

afterEach(cleanup)

const block = {
  _type: 'pestList' as const,
  _key: 'l',
  heading: 'Have Pest Problems?',
  intro: 'We handle them all.',
  pests: ['Ants', 'Wasps', 'And More...'],
  showImages: false,
  closingText: 'Call now:',
}

describe('PestList', () => {
  it('lists the pests in order and ends with a call link', () => {
    render(<PestList block={block} context={testContext} />)
    const grid = screen.getByTestId('pest-grid')
    expect(within(grid).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Ants', 'Wasps', 'And More...'])
    expect(grid.className).toContain('grid-cols-2')
    expect(grid.className).toContain('md:grid-cols-3')
    expect(screen.getByRole('link').getAttribute('href')).toBe(TEST_TEL)
  })

  it('shows a photo only beside pests that match when images are on', () => {
    render(<PestList block={{ ...block, showImages: true }} context={testContext} />)
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['Drawing of an ant', 'Drawing of a wasp'])
  })
})
