// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { testContext, TEST_TEL } from '../../../tests/support/blockFixtures'
import { Urgency } from './Urgency'

afterEach(cleanup)

describe('Urgency', () => {
  it('shows the warning and a call button', () => {
    render(<Urgency block={{ _type: 'urgency', _key: 'u', heading: 'Don’t wait', text: 'Colonies grow.', buttonLabel: 'Call today' }} context={testContext} />)
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Don’t wait')
    expect(screen.getByRole('link', { name: /Call today/ }).getAttribute('href')).toBe(TEST_TEL)
  })
})
