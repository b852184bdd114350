import { describe, expect, it } from 'vitest'
import { bundledLocationTable, parseLocationTable } from './bundled'

describe('the bundled location table', () => {
  it('resolves the spec’s checked codes', () => {
    const table = bundledLocationTable()
    expect(table.get('1013962')).toBe('Los Angeles, CA')
    expect(table.get('1016367')).toBe('Chicago, IL')
    expect(table.get('1026481')).toBe('Houston, TX')
    expect(table.get('1023191')).toBe('New York, NY')
    expect(table.get('1026339')).toBe('Dallas, TX')
    expect(table.get('1015116')).toBe('Miami, FL')
    expect(table.get('1014221')).toBe('San Francisco, CA')
  })

  it('labels counties and regions, and has no state-only, ZIP or DMA rows', () => {
    const table = bundledLocationTable()
    expect([...table.values()].some((label) => /County, [A-Z]{2}$/.test(label))).toBe(true)
    expect(table.get('9073451')).toBe('San Francisco Bay Area, CA')
    expect(table.get('21176')).toBeUndefined()
    expect(table.get('9001634')).toBeUndefined()
    expect(table.get('200524')).toBeUndefined()
    expect(table.size).toBeGreaterThan(20_000)
  })

  it('skips comments and malformed lines', () => {
    expect([...parseLocationTable('# note\n1\tA\tTX\nbroken\n2\tB\n').entries()]).toEqual([['1', 'A, TX']])
  })
})
