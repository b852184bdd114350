// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { testContext } from '../../../tests/support/blockFixtures'
import { TemplateHeader } from './TemplateHeader'

afterEach(cleanup)

describe('TemplateHeader', () => {
  it('shows the menu and button as inert buttons', () => {
    const { container } = render(
      <TemplateHeader block={{ _type: 'templateHeader', _key: 'h', brand: 'Grubtle', navItems: ['Home', 'About', 'Services', 'Contact'], buttonLabel: 'Get Quote' }} context={testContext} />,
    )
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Home', 'About', 'Services', 'Contact', 'Get Quote'])
    expect(container.querySelector('a')).toBeNull()
  })
})
