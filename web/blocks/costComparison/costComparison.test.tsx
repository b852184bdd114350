// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { testContext, TEST_TEL } from '../../../tests/support/blockFixtures'
import { CostComparison } from './CostComparison'

afterEach(cleanup)

describe('CostComparison', () => {
  it('shows both options with price, recurring cost and success rate, and a call button', () => {
    render(
      <CostComparison
        block={{
          _type: 'costComparison',
          _key: 'c',
          heading: 'Cost',
          intro: null,
          options: [
            { _key: 'a', title: 'Do it yourself', price: '$50-200+', recurring: '+ $20-50 every month', successRate: '10-20% success', points: ['Traps'], recommended: false },
            { _key: 'b', title: 'Professional', price: '$200-400', recurring: null, successRate: '95-99% success', points: ['Sealed entry points'], recommended: true },
          ],
          buttonLabel: 'Call a pro',
        }}
        context={testContext}
      />,
    )
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Do it yourself', 'Professional'])
    for (const text of ['$50-200+', '+ $20-50 every month', '$200-400', '10-20% success', '95-99% success']) expect(screen.getByText(text)).toBeTruthy()
    expect(screen.getByRole('link', { name: /Call a pro/ }).getAttribute('href')).toBe(TEST_TEL)
    // Drawbacks are crossed, strengths checked.
    expect(screen.getByText('Traps').closest('li')?.getAttribute('data-mark')).toBe('cross')
    expect(screen.getByText('Sealed entry points').closest('li')?.getAttribute('data-mark')).toBe('check')
  })
})
