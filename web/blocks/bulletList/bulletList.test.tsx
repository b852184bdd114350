// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { testContext } from '../../../tests/support/blockFixtures'
import { BulletList } from './BulletList'

afterEach(cleanup)

describe('BulletList', () => {
  it('renders the heading, the list heading and every bullet in order', () => {
    const items = Array.from({ length: 8 }, (_, index) => `Sign ${index + 1}`)
    render(
      <BulletList
        block={{ _type: 'bulletList', _key: 'b', heading: 'About ants', body: null, listHeading: 'Signs', items }}
        context={testContext}
      />,
    )
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('About ants')
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('Signs')
    expect(within(screen.getByTestId('bullets')).getAllByRole('listitem').map((item) => item.textContent)).toEqual(items)
  })
})
