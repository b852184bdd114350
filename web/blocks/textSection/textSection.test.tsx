// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { testContext } from '../../../tests/support/blockFixtures'
import { TextSection } from './TextSection'

afterEach(cleanup)

const body = [
  {
    _type: 'block' as const,
    _key: 'b',
    style: 'normal' as const,
    markDefs: [{ _type: 'link' as const, _key: 'm', href: '/privacy-policy' }],
    children: [
      { _type: 'span' as const, _key: 's1', text: 'Read the ', marks: [] },
      { _type: 'span' as const, _key: 's2', text: 'privacy policy', marks: ['m'] },
    ],
  },
]

describe('TextSection', () => {
  it('renders formatted text with internal links', () => {
    render(<TextSection block={{ _type: 'textSection', _key: 't', heading: 'About', body }} context={testContext} />)
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('About')
    expect(screen.getByRole('link', { name: 'privacy policy' }).getAttribute('href')).toBe('/privacy-policy')
  })

  it('makes its heading the page H1 when it opens a page without a hero', () => {
    render(<TextSection block={{ _type: 'textSection', _key: 't', heading: 'About', body }} context={{ ...testContext, isPageTitle: true }} />)
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('About')
  })

  it('renders markup typed into text as text', () => {
    const hostile = [{ ...body[0]!, markDefs: [], children: [{ _type: 'span' as const, _key: 'x', text: '<img src=x onerror=alert(1)>', marks: [] }] }]
    const { container } = render(<TextSection block={{ _type: 'textSection', _key: 't', heading: null, body: hostile }} context={testContext} />)
    expect(container.querySelector('img')).toBeNull()
    expect(container.textContent).toContain('<img src=x onerror=alert(1)>')
  })
})
