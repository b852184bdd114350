// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { testContext, TEST_TEL } from '../../../tests/support/blockFixtures'
import { CallToAction } from './CallToAction'

afterEach(cleanup)

const block = { _type: 'callToAction' as const, _key: 'c', heading: 'Get rid of pests', text: null, buttonLabel: 'Call now', showCallLabel: true }

describe('CallToAction', () => {
  it('shows the button, the number as a call link and the call label from settings', () => {
    render(<CallToAction block={block} context={testContext} />)
    expect(screen.getByRole('link', { name: /Call now/ }).getAttribute('href')).toBe(TEST_TEL)
    expect(screen.getByText('(202) 555-0173').closest('a')?.getAttribute('href')).toBe(TEST_TEL)
    expect(screen.getByText(testContext.site.callLabel)).toBeTruthy()
  })

  it('hides the call label when the editor turns it off', () => {
    render(<CallToAction block={{ ...block, showCallLabel: false }} context={testContext} />)
    expect(screen.queryByText(testContext.site.callLabel)).toBeNull()
  })
})
