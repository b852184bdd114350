import { describe, expect, it } from 'vitest'
import { keywordFrom, MAX_KEYWORD_LENGTH, normalizeKeyword, titleCase } from './keyword'

const title = (raw: string) => titleCase(normalizeKeyword(raw))

describe('keyword cleaning (spec §2.3)', () => {
  it('strips a trailing "near me", "in my area" or "local" and title-cases', () => {
    expect(title('wasp removal near me')).toBe('Wasp Removal')
    expect(title('exterminator in my area')).toBe('Exterminator')
    expect(title('pest control local')).toBe('Pest Control')
    expect(title('ANT KILLER')).toBe('Ant Killer')
  })

  it('is tolerant of case, extra spaces and punctuation around the filler', () => {
    expect(title('  Bed   Bug  Treatment   NEAR   ME!!  ')).toBe('Bed Bug Treatment')
    expect(title('roach control, near me?')).toBe('Roach Control')
    expect(title('mice removal local near me')).toBe('Mice Removal')
  })

  it('only strips the filler at the end, as whole words', () => {
    expect(title('local pest control')).toBe('Local Pest Control')
    expect(title('near me exterminators')).toBe('Near Me Exterminators')
    expect(title('pest control locally')).toBe('Pest Control Locally')
  })

  it('leaves nothing when the keyword is only filler, so the default title shows', () => {
    expect(normalizeKeyword('near me')).toBe('')
    expect(normalizeKeyword('   ')).toBe('')
    expect(normalizeKeyword(null)).toBe('')
  })

  it('keeps hyphenated and possessive words readable', () => {
    expect(title("yellow-jacket nest o'fallon")).toBe("Yellow-Jacket Nest O'fallon")
    expect(title('termite & ant control')).toBe('Termite & Ant Control')
  })

  it('prefers slkw over kw, and falls back to kw when slkw has nothing usable', () => {
    expect(keywordFrom('rodent control', 'ants')).toBe('rodent control')
    expect(keywordFrom('near me', 'ants')).toBe('ants')
    expect(keywordFrom(null, 'ants')).toBe('ants')
  })
})

describe('hostile keywords', () => {
  it('turns markup into plain words', () => {
    const cleaned = normalizeKeyword('<script>alert("x")</script><img src=x onerror=alert(1)>')
    expect(cleaned).not.toMatch(/[<>"=()/]/)
    expect(cleaned).toBe('script alert x script img src x onerror alert 1')
  })

  it('caps huge values at a word boundary, fast', () => {
    for (const size of [10_000, 100_000]) {
      const started = performance.now()
      const cleaned = normalizeKeyword('termite '.repeat(size / 8))
      expect(performance.now() - started).toBeLessThan(200)
      expect(cleaned.length).toBeLessThanOrEqual(MAX_KEYWORD_LENGTH)
      expect(cleaned.endsWith(' ')).toBe(false)
      expect(cleaned.split(' ').every((word) => word === 'termite')).toBe(true)
    }
  })

  it('keeps letters of any script and drops emoji, control and direction characters', () => {
    expect(normalizeKeyword('cucarachas ñandú')).toBe('cucarachas ñandú')
    expect(normalizeKeyword('ants 🐜\u0000\u202e\u200f')).toBe('ants')
    expect(normalizeKeyword('ｗａｓｐ')).toBe('wasp')
  })

  it('drops stray punctuation that is not inside a word', () => {
    expect(normalizeKeyword("--- ' & ants & -")).toBe('ants')
  })
})
