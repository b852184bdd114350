// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { testContext } from '../../../tests/support/blockFixtures'
import { Badges } from './Badges'

afterEach(cleanup)

describe('Badges', () => {
  it('shows the score, the review count with thousands separators and every badge', () => {
    render(
      <Badges
        block={{ _type: 'badges', _key: 'b', heading: null, rating: { score: 4.9, outOf: 5, reviewCount: 2847, reviewsLabel: 'reviews' }, badges: ['Licensed', 'Free quotes'], tone: 'light' }}
        context={testContext}
      />,
    )
    expect(screen.getByTestId('rating').textContent).toContain('4.9/5')
    expect(screen.getByTestId('rating').textContent).toContain('2,847 reviews')
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Licensed', 'Free quotes'])
  })

  it('makes its heading the page title when it opens the page', () => {
    render(<Badges block={{ _type: 'badges', _key: 'b', heading: 'Need an exterminator?', rating: null, badges: ['24/7'], tone: 'brand' }} context={{ ...testContext, isPageTitle: true }} />)
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Need an exterminator?')
  })
})
