// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { testContext } from '../testing'
import { CardGrid } from './CardGrid'

afterEach(cleanup)

describe('CardGrid', () => {
  it('renders each card with its title as a heading', () => {
    const cards = ['Inspection', 'Treatment', 'Prevention', 'Follow-up'].map((title, index) => ({ _key: `${index}`, title, text: `${title} text` }))
    render(<CardGrid block={{ _type: 'cardGrid', _key: 'c', heading: 'Services', intro: null, cards }} context={testContext} />)
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Inspection',
      'Treatment',
      'Prevention',
      'Follow-up',
    ])
    expect(screen.getByText('Prevention text')).toBeTruthy()
  })
})
