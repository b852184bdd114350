// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { testContext } from '../../../tests/support/blockFixtures'
import { Banner } from './Banner'

afterEach(cleanup)

describe('Banner', () => {
  it('renders its button as a button that does nothing, never a link', () => {
    const { container } = render(
      <Banner block={{ _type: 'banner', _key: 'b', heading: 'Free quote', text: 'Ask us.', buttonLabel: 'Request', tone: 'light' }} context={testContext} />,
    )
    expect(screen.getByRole('button', { name: 'Request' }).getAttribute('type')).toBe('button')
    expect(container.querySelector('a, form')).toBeNull()
  })
})
