// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { testContext, TEST_TEL } from '../../../tests/support/blockFixtures'
import { Hero } from './Hero'
import { fillLocation } from './location'

const block = {
  _type: 'hero' as const,
  _key: 'h',
  title: 'Pest Exterminator',
  titleTemplate: null,
  subtitle: 'Fast, Same-Day Service Available!',
  locationLine: 'We service {city} and the surrounding area in {state}.',
  callLineLabel: 'Call 24/7:',
  buttonLabel: 'Call For Fast Service',
  rating: 5,
  ratingLabel: 'Rated 5 stars',
  benefits: ['One', 'Two', 'Three', 'Four'],
}

afterEach(cleanup)

describe('Hero', () => {
  it('shows the headline, the call line and button dialing the settings phone, and the benefits', () => {
    render(<Hero block={block} context={testContext} />)
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Pest Exterminator')
    expect(screen.getByRole('link', { name: /Call For Fast Service/ }).getAttribute('href')).toBe(TEST_TEL)
    expect(screen.getByRole('link', { name: '(202) 555-0173' }).getAttribute('href')).toBe(TEST_TEL)
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['One', 'Two', 'Three', 'Four'])
  })

  it('shows the location line only when a location is known', () => {
    const { rerender } = render(<Hero block={block} context={testContext} />)
    expect(screen.queryByTestId('location-line')).toBeNull()
    rerender(<Hero block={block} context={{ ...testContext, location: { city: 'Dallas', state: 'TX' } }} />)
    expect(screen.getByTestId('location-line').textContent).toBe('We service Dallas and the surrounding area in TX.')
  })

  it('lets a cleaned keyword replace the headline', () => {
    render(<Hero block={block} context={{ ...testContext, keyword: 'Wasp Removal' }} />)
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Wasp Removal')
  })
})

describe('fillLocation', () => {
  it('fills both placeholders in one pass, so a name holding a placeholder is not expanded again', () => {
    expect(fillLocation('{city}, {state}', { city: '{state}ville', state: 'OH' })).toBe('{state}ville, OH')
  })
})
