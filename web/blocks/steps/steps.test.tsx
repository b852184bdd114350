// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { testContext, TEST_TEL } from '../../../tests/support/blockFixtures'
import { Steps } from './Steps'

afterEach(cleanup)

const steps = ['Call', 'Schedule', 'Pest free'].map((title, index) => ({ _key: `${index}`, title, text: `${title}.` }))

describe('Steps', () => {
  it('numbers the steps in order and adds a call button when it has a label', () => {
    render(<Steps block={{ _type: 'steps', _key: 's', heading: '3 steps', intro: null, steps, buttonLabel: 'Call now' }} context={testContext} />)
    const items = within(screen.getByTestId('steps')).getAllByRole('listitem')
    expect(items.map((item) => item.querySelector('h3')?.textContent)).toEqual(['Call', 'Schedule', 'Pest free'])
    expect(items[2]?.textContent).toContain('3')
    expect(screen.getByRole('link', { name: /Call now/ }).getAttribute('href')).toBe(TEST_TEL)
  })

  it('has no call button without a label', () => {
    render(<Steps block={{ _type: 'steps', _key: 's', heading: '3 steps', intro: null, steps, buttonLabel: null }} context={testContext} />)
    expect(screen.queryByRole('link')).toBeNull()
  })
})
