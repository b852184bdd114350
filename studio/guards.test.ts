import { describe, expect, it } from 'vitest'
import { heroProblem } from './guards'

describe('a page keeps the hero that shows what it reads', () => {
  it('refuses a page that reads the ad’s keyword without a hero, naming the problem and the fix', () => {
    const message = heroProblem({ adInputs: ['keyword', 'location'], blocks: [{ _type: 'pestImage' }] })
    expect(message).toBe(
      'This page reads the ad’s keyword and the visitor’s city from the ad (Ads tab), and only a Hero section shows them: add a Hero section back (Add item → Hero), or untick those inputs on the Ads tab.',
    )
  })

  it('accepts the page with its hero, and a page that reads nothing without one', () => {
    expect(heroProblem({ adInputs: ['keyword'], blocks: [{ _type: 'hero' }] })).toBe(true)
    expect(heroProblem({ adInputs: [], blocks: [{ _type: 'textSection' }] })).toBe(true)
  })

  it('refuses an A/B test whose version changes the hero on a page without one', () => {
    expect(heroProblem({ blocks: [], experiment: { arms: [{ key: 'a' }, { key: 'b', heroTitle: 'Pests Gone' }] } })).toMatch(/^The A\/B test’s version “b” changes the hero/)
  })
})
