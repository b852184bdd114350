// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { testContext } from '../../../tests/support/blockFixtures'
import { TemplateHero } from './TemplateHero'

afterEach(cleanup)

describe('TemplateHero', () => {
  it('is the page title with two inert buttons', () => {
    render(
      <TemplateHero
        block={{ _type: 'templateHero', _key: 'h', heading: 'LIVE BETTER. LIVE PEST FREE.', text: null, primaryLabel: 'Get Free Estimate', secondaryLabel: 'Call Now' }}
        context={testContext}
      />,
    )
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('LIVE BETTER. LIVE PEST FREE.')
    expect(screen.getAllByRole('button').map((button) => button.getAttribute('type'))).toEqual(['button', 'button'])
  })
})
