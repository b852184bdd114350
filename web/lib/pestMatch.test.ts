import { describe, expect, it } from 'vitest'
import { matchPest, pestOrDefault } from './pestMatch'

const pests = [
  { imageFile: 'ant', matchWords: ['ant', 'ants', 'carpenter ant'] },
  { imageFile: 'bee', matchWords: ['bee', 'bees', 'carpenter bee'] },
  { imageFile: 'beetle', matchWords: ['beetle', 'beetles', 'carpet beetle'] },
  { imageFile: 'mouse', matchWords: ['mouse', 'mice', 'rat', 'rats', 'rodent'] },
  { imageFile: 'termite', matchWords: ['termite', 'termites'] },
  { imageFile: 'dust-mite', matchWords: ['mite', 'mites', 'dust mite'] },
  { imageFile: 'boxelder-bug', matchWords: ['boxelder bug', 'box elder bug', 'elder bug'] },
]

describe('matchPest', () => {
  it('lower-cases and trims the name before matching', () => {
    expect(matchPest('  CARPENTER Ants  ', pests)?.imageFile).toBe('ant')
  })

  it('prefers the longer, more specific word over a word it contains', () => {
    expect(matchPest('Carpenter Bee', pests)?.imageFile).toBe('bee')
    expect(matchPest('Beetles', pests)?.imageFile).toBe('beetle')
    expect(matchPest('Termites', pests)?.imageFile).toBe('termite')
    expect(matchPest('Dust mites', pests)?.imageFile).toBe('dust-mite')
  })

  it('maps mice and rats to the mouse photo', () => {
    expect(matchPest('Mice', pests)?.imageFile).toBe('mouse')
    expect(matchPest('Rats', pests)?.imageFile).toBe('mouse')
  })

  it('finds boxelder bugs written with and without a space', () => {
    expect(matchPest('boxelder bug', pests)?.imageFile).toBe('boxelder-bug')
    expect(matchPest('box elder bugs', pests)?.imageFile).toBe('boxelder-bug')
  })

  it('matches whole words only, plural endings included', () => {
    expect(matchPest('exterminator rates', pests)).toBeUndefined()
    expect(matchPest('pest control warranty', pests)).toBeUndefined()
    expect(matchPest('giant ants', pests)?.imageFile).toBe('ant')
    expect(matchPest('rat-proofing', pests)?.imageFile).toBe('mouse')
    expect(matchPest('(termites)', pests)?.imageFile).toBe('termite')
  })

  it('treats regular-expression characters in match words literally', () => {
    expect(matchPest('a.b bug', [{ matchWords: ['a.b'] }])).toBeDefined()
    expect(matchPest('axb bug', [{ matchWords: ['a.b'] }])).toBeUndefined()
  })

  it('returns nothing for an empty name or no match', () => {
    expect(matchPest('   ', pests)).toBeUndefined()
    expect(matchPest('Scorpions', pests)).toBeUndefined()
  })
})

describe('pestOrDefault', () => {
  it('falls back to the ant photo when nothing matches or there is no text', () => {
    expect(pestOrDefault('lawn care', pests)?.imageFile).toBe('ant')
    expect(pestOrDefault(undefined, pests)?.imageFile).toBe('ant')
  })

  it('uses the matched pest when there is one', () => {
    expect(pestOrDefault('rodent control near me', pests)?.imageFile).toBe('mouse')
  })
})
