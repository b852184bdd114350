// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { testContext } from '../../../tests/support/blockFixtures'
import { Testimonial } from './Testimonial'

afterEach(cleanup)

describe('Testimonial', () => {
  it('quotes the customer with the stars labelled for screen readers', () => {
    render(
      <Testimonial
        block={{ _type: 'testimonial', _key: 't', quote: 'No more mice.', author: 'Sarah M.', detail: 'Anytown', rating: 5, ratingLabel: '5 out of 5 stars' }}
        context={testContext}
      />,
    )
    expect(screen.getByText('No more mice.').tagName).toBe('BLOCKQUOTE')
    expect(screen.getByRole('img', { name: '5 out of 5 stars' })).toBeTruthy()
    expect(screen.getByText('Sarah M.')).toBeTruthy()
  })
})
