// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { testContext } from '../../../tests/support/blockFixtures'
import { ComparisonTable } from './ComparisonTable'

afterEach(cleanup)

describe('ComparisonTable', () => {
  it('is a real table: a header row and one row per method with its failure rate', () => {
    const rows = [
      { _key: 'a', method: 'Ultrasonic devices', failureRate: 95, note: 'Mice get used to the sound.' },
      { _key: 'b', method: 'Peppermint oil', failureRate: 85, note: 'The smell fades in days.' },
    ]
    render(
      <ComparisonTable
        block={{ _type: 'comparisonTable', _key: 't', heading: 'Repellents', intro: null, methodLabel: 'Method', rateLabel: 'Failure rate', noteLabel: 'Why', rows, footnote: null }}
        context={testContext}
      />,
    )
    const table = screen.getByRole('table')
    const bodyRows = within(table).getAllByRole('row').slice(1)
    expect(bodyRows).toHaveLength(2)
    expect(within(bodyRows[0]!).getByRole('rowheader').textContent).toContain('Ultrasonic devices')
    expect(bodyRows.map((row) => row.textContent?.match(/\d+%/)?.[0])).toEqual(['95%', '85%'])
  })
})
