// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { testContext, TEST_TEL } from '../../../tests/support/blockFixtures'
import { CallBanner } from './CallBanner'

afterEach(cleanup)

describe('CallBanner', () => {
  it('shows its features and a call button dialing the settings phone', () => {
    render(
      <CallBanner
        block={{ _type: 'callBanner', _key: 'b', heading: 'Call now', text: null, features: ['Fast', 'Licensed', 'Upfront prices'], buttonLabel: 'Call today', tone: 'call' }}
        context={testContext}
      />,
    )
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Fast', 'Licensed', 'Upfront prices'])
    expect(screen.getByRole('link', { name: /Call today/ }).getAttribute('href')).toBe(TEST_TEL)
  })
})
