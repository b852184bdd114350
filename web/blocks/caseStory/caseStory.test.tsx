// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { testContext, TEST_TEL } from '../../../tests/support/blockFixtures'
import { CaseStory } from './CaseStory'

afterEach(cleanup)

describe('CaseStory', () => {
  it('tells the story with its facts as a definition list and a call button', () => {
    const { container } = render(
      <CaseStory
        block={{
          _type: 'caseStory',
          _key: 'c',
          eyebrow: 'A neighbor’s story',
          heading: 'Ants gone in a day',
          story: 'Ants in the kitchen.',
          facts: [
            { _key: 'a', label: 'Cost', value: '$189' },
            { _key: 'b', label: 'Resolved', value: 'Within 24 hours' },
          ],
          buttonLabel: 'Call now',
        }}
        context={testContext}
      />,
    )
    expect([...container.querySelectorAll('dt')].map((term) => term.textContent)).toEqual(['Cost', 'Resolved'])
    expect([...container.querySelectorAll('dd')].map((value) => value.textContent)).toEqual(['$189', 'Within 24 hours'])
    expect(screen.getByRole('link', { name: /Call now/ }).getAttribute('href')).toBe(TEST_TEL)
  })
})
