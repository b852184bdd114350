import { describe, expect, it } from 'vitest'
import { rowLength } from './rowLength'

describe('rowLength', () => {
  it('puts everything in one row when it fits', () => {
    expect([1, 2, 3, 4].map((count) => rowLength(count, 4))).toEqual([1, 2, 3, 4])
  })

  it('prefers a row length that divides the count', () => {
    expect(rowLength(6, 4)).toBe(3)
    expect(rowLength(8, 4)).toBe(4)
    expect(rowLength(9, 4)).toBe(3)
    expect(rowLength(4, 3)).toBe(2)
  })

  it('otherwise leaves the fullest last row, never a lone item after a long row', () => {
    expect(rowLength(5, 4)).toBe(3)
    expect(rowLength(7, 4)).toBe(4)
    expect(rowLength(5, 3)).toBe(3)
    expect(rowLength(10, 4)).toBe(4)
  })
})
