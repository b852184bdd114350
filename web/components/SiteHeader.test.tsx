// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { testContext } from '../../tests/support/blockFixtures'
import { SiteHeader } from './SiteHeader'

/** The header's logo (spec §2.2: "a logo with descriptive alternative text"), named by Site settings' words. */
afterEach(cleanup)

describe('the header logo', () => {
  it('is a link home named by Site settings’ alternative text, with the shield and brand name', () => {
    render(<SiteHeader site={testContext.site} />)
    const logo = screen.getByRole('link', { name: 'Test Pest Co logo' })
    expect(logo.getAttribute('href')).toBe('/')
    expect(logo.textContent).toBe('Test Pest Co')
  })

  it('reads whatever the editor wrote, not words of the code', () => {
    render(<SiteHeader site={{ ...testContext.site, brandName: 'Acme Bugs', logoAlt: 'Acme Bugs logo, home' }} />)
    expect(screen.getByRole('link', { name: 'Acme Bugs logo, home' }).getAttribute('href')).toBe('/')
  })

  it('names the uploaded logo image by the same words', () => {
    const logo = { asset: { url: 'https://cdn.sanity.io/images/abc/production/logo-160x40.png', width: 160, height: 40 } }
    render(<SiteHeader site={{ ...testContext.site, logo }} />)
    expect(screen.getByRole('link', { name: 'Test Pest Co logo' }).getAttribute('href')).toBe('/')
    expect(screen.getByRole('img', { name: 'Test Pest Co logo' })).toBeTruthy()
  })
})
