import { describe, expect, it } from 'vitest'
import { normalizeKeyword } from '@/lib/personalization/keyword'
import { titleCase } from '@/lib/personalization/titleCase'
import { heroTitle } from './Hero'

describe('heroTitle', () => {
  it('uses the keyword, else the ad headline, else the editor’s title', () => {
    expect(heroTitle('Pest Exterminator', { keyword: 'Wasp Removal' })).toBe('Wasp Removal')
    expect(heroTitle('Pest Exterminator', { headline: 'Fast Pest Help' })).toBe('Fast Pest Help')
    expect(heroTitle('Pest Exterminator', {})).toBe('Pest Exterminator')
  })

  // As in English ("Exterminador de Cucarachas"): every word capitalized but the short joining words inside.
  it('title-cases a Spanish keyword word by word, accented letters included', () => {
    const keyword = titleCase(normalizeKeyword('ÁCAROS y arañas en casa'))
    expect(heroTitle('Pest Exterminator', { keyword })).toBe('Ácaros y Arañas en Casa')
  })

  it('appends one question mark when q=y, never a second one', () => {
    expect(heroTitle('Pest Exterminator', { headline: 'Need An Exterminator', question: true })).toBe('Need An Exterminator?')
    expect(heroTitle('Got Ants?', { question: true })).toBe('Got Ants?')
    expect(heroTitle('x', { headline: 'Ants? Roaches?', question: true })).toBe('Ants? Roaches?')
    expect(heroTitle('x', { headline: '¿Necesita un Exterminador?', question: true })).toBe('¿Necesita un Exterminador?')
    expect(heroTitle('x', { headline: '¿Necesita un Exterminador', question: true })).toBe('¿Necesita un Exterminador?')
    expect(heroTitle('x', { headline: 'Got Ants??', question: true })).toBe('Got Ants??')
    // The visitor's "!" stays; a full stop gives way to the question mark.
    expect(heroTitle('x', { headline: 'Call Us Today!', question: true })).toBe('Call Us Today!?')
    expect(heroTitle('x', { headline: 'Free Inspection.', question: true })).toBe('Free Inspection?')
    expect(heroTitle('x', { headline: 'Roaches & Mice (24 Hr)', question: true })).toBe('Roaches & Mice (24 Hr)?')
    expect(heroTitle('x', { headline: 'Ants? Roaches?' })).toBe('Ants? Roaches?')
  })
})
