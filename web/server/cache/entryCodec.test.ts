import { describe, expect, it } from 'vitest'
import { decodeEntry, encodeEntry, entrySize } from './entryCodec.ts'

describe('cache entry codec', () => {
  it('round-trips an app page with its RSC payload and segment data', () => {
    const entry = {
      lastModified: 1700000000000,
      cacheControl: { revalidate: false, expire: undefined },
      value: {
        kind: 'APP_PAGE',
        html: '<h1>Ants</h1>',
        rscData: Buffer.from([0, 1, 2, 255]),
        headers: { 'x-next-cache-tags': 'siteSettings,slug:ants' },
        status: 200,
        segmentData: new Map([['/_tree', Buffer.from('tree')]]),
      },
    }
    const decoded = decodeEntry<typeof entry>(encodeEntry(entry))
    expect(decoded.value.rscData).toEqual(Buffer.from([0, 1, 2, 255]))
    expect(decoded.value.segmentData.get('/_tree')).toEqual(Buffer.from('tree'))
    expect(decoded.value.html).toBe('<h1>Ants</h1>')
    expect(decoded.value.headers).toEqual(entry.value.headers)
    expect(decoded.lastModified).toBe(entry.lastModified)
  })

  it('keeps plain objects that merely look like encoded values when they have other fields', () => {
    const entry = { value: { data: { $buffer: 'x', other: 1 } } }
    expect(decodeEntry(encodeEntry(entry))).toEqual(entry)
  })

  it('measures the encoded bytes', () => {
    expect(entrySize(encodeEntry({ html: 'é'.repeat(10) }))).toBeGreaterThan(20)
  })
})
