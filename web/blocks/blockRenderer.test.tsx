// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { testContext } from '../../tests/support/blockFixtures'
import { BlockRenderer } from './BlockRenderer'
import type { Block } from './types'

afterEach(cleanup)

const urgency: Block = { _type: 'urgency', _key: 'u', heading: 'Don’t wait', text: 'Colonies grow.', buttonLabel: 'Call today' }
const text: Block = { _type: 'textSection', _key: 't', heading: 'About us', body: [] }
const hero: Block = { _type: 'templateHero', _key: 'h', heading: 'Live pest free', text: null, primaryLabel: 'Estimate', secondaryLabel: 'Call' }
const h1s = () => screen.queryAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)

describe('BlockRenderer: one H1 per page', () => {
  it('is the hero’s when the page has one', () => {
    render(<BlockRenderer blocks={[text, hero]} context={testContext} />)
    expect(h1s()).toEqual(['Live pest free'])
  })

  it('without a hero, is the first heading that can be one, past blocks that cannot show it', () => {
    render(<BlockRenderer blocks={[null, urgency, text]} context={testContext} />)
    expect(h1s()).toEqual(['About us'])
  })
})
