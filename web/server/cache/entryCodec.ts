/**
 * Turns Next's cache entries (which hold Buffers and Maps: RSC payloads, segment data, route
 * bodies) into one string for Redis and back, and measures them for the byte-bounded local cache.
 */
const BUFFER = '$buffer'
const MAP = '$map'

export function encodeEntry(entry: unknown): string {
  return JSON.stringify(entry, function (this: Record<string, unknown>, key: string, value: unknown) {
    // JSON.stringify has already called Buffer#toJSON on `value`; the holder keeps the original.
    const original = key === '' ? value : this[key]
    if (original instanceof Uint8Array) return { [BUFFER]: Buffer.from(original.buffer, original.byteOffset, original.byteLength).toString('base64') }
    if (original instanceof Map) return { [MAP]: [...original.entries()] }
    return value
  })
}

export function decodeEntry<T>(text: string): T {
  return JSON.parse(text, (_key, value: unknown) => {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const record = value as Record<string, unknown>
      if (typeof record[BUFFER] === 'string' && Object.keys(record).length === 1) return Buffer.from(record[BUFFER], 'base64')
      if (Array.isArray(record[MAP]) && Object.keys(record).length === 1) return new Map(record[MAP] as [unknown, unknown][])
    }
    return value
  }) as T
}

/** Bytes an entry takes once encoded: what the local cache counts against its cap. */
export function entrySize(encoded: string): number {
  return Buffer.byteLength(encoded, 'utf8')
}
