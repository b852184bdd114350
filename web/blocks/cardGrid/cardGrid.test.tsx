// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { testContext, TEST_TEL } from '../../../tests/support/blockFixtures'
import { CardGrid } from './CardGrid'

afterEach(cleanup)

describe('CardGrid', () => {
  it('renders each card with its title as a heading', () => {
    const cards = ['Inspection', 'Treatment', 'Prevention', 'Follow-up'].map((title, index) => ({ _key: `${index}`, title, text: `${title} text` }))
    render(
      <CardGrid
        block={{ _type: 'cardGrid', _key: 'c', heading: 'Services', intro: null, cards, buttonLabel: null, cardButtonLabel: null }}
        context={testContext}
      />,
    )
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Inspection',
      'Treatment',
      'Prevention',
      'Follow-up',
    ])
    expect(screen.getByText('Prevention text')).toBeTruthy()
    expect(screen.queryByRole('button')).toBeNull()
    expect(screen.queryByRole('link')).toBeNull()
  })

  it('adds a call button under the cards and inert buttons on cards when labelled', () => {
    const cards = [{ _key: 'a', title: 'Pest Control', text: 'Text' }]
    render(
      <CardGrid
        block={{ _type: 'cardGrid', _key: 'c', heading: 'Services', intro: null, cards, buttonLabel: 'Call us', cardButtonLabel: 'Learn More' }}
        context={testContext}
      />,
    )
    expect(screen.getByRole('link', { name: /Call us/ }).getAttribute('href')).toBe(TEST_TEL)
    const learnMore = screen.getByRole('button', { name: 'Learn More' })
    expect(learnMore.getAttribute('type')).toBe('button')
    expect(learnMore.closest('a, form')).toBeNull()
  })
})
