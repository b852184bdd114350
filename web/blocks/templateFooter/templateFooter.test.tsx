// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { testContext } from '../../../tests/support/blockFixtures'
import { TemplateFooter } from './TemplateFooter'

afterEach(cleanup)

describe('TemplateFooter', () => {
  it('lists its columns, the placeholder contact details and the copyright', () => {
    const { container } = render(
      <TemplateFooter
        block={{
          _type: 'templateFooter',
          _key: 'f',
          brand: 'Grubtle',
          text: null,
          columns: [{ _key: 'a', heading: 'Services', items: ['Pest Control', 'Rodent Control'] }],
          contactLines: ['123 Main Street, Anytown, USA'],
          copyright: '© 2024 Grubtle',
        }}
        context={testContext}
      />,
    )
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Services')
    expect(container.querySelector('address')?.textContent).toBe('123 Main Street, Anytown, USA')
    expect(screen.getByText('© 2024 Grubtle')).toBeTruthy()
  })
})
