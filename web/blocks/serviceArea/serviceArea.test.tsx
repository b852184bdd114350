// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { testContext } from '../../../tests/support/blockFixtures'
import { ServiceArea } from './ServiceArea'

afterEach(cleanup)

const block = { _type: 'serviceArea' as const, _key: 's', heading: 'Where we work', text: 'Across the US.', locationText: 'Serving {city}, {state}.' }

describe('ServiceArea', () => {
  it('names the visitor’s city when known, else the generic text', () => {
    const { rerender } = render(<ServiceArea block={block} context={testContext} />)
    expect(screen.getByTestId('service-area').textContent).toBe('Across the US.')
    rerender(<ServiceArea block={block} context={{ ...testContext, location: { city: 'Tampa', state: 'FL' } }} />)
    expect(screen.getByTestId('service-area').textContent).toBe('Serving Tampa, FL.')
  })
})
