import { MAX_KEYWORD_LENGTH } from './keyword.ts'
import { FIELD_NAMES, recordOf, type Variant } from './variantFields.ts'

/**
 * A variant as one segment of the cached route's address (/personalized/<route>/<segment>), and back.
 */

/**
 * The longest segment encodeVariant makes: the two ad texts at MAX_KEYWORD_LENGTH characters of up
 * to 4 UTF-8 bytes each (JSON keeps them unescaped), plus the short fields and the JSON around them,
 * in base64 (4 characters for 3 bytes).
 */
export const MAX_SEGMENT_LENGTH = Math.ceil(((2 * MAX_KEYWORD_LENGTH * 4 + 200) * 4) / 3)

/**
 * One URL segment: base64url of the fields in a fixed order, so equal variants always encode the
 * same and the segment needs no further escaping anywhere.
 */
export function encodeVariant(variant: Variant): string {
  const fields = FIELD_NAMES.map((name) => recordOf(name).encode(variant[name]))
  return Buffer.from(JSON.stringify(fields), 'utf8').toString('base64url')
}

/**
 * Reads a segment back, accepting only what encodeVariant produces for a normalized variant, so a
 * hand-made /personalized/… address can neither inject text nor mint new cache entries.
 */
export function decodeVariant(segment: string): Variant | null {
  if (segment.length > MAX_SEGMENT_LENGTH || !/^[A-Za-z0-9_-]+$/.test(segment)) return null
  let fields: unknown
  try {
    fields = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'))
  } catch {
    return null
  }
  if (!Array.isArray(fields) || fields.length !== FIELD_NAMES.length) return null
  const variant: Record<string, unknown> = {}
  for (const [index, name] of FIELD_NAMES.entries()) {
    const decoded = recordOf(name).decode(fields[index])
    if (!decoded) return null
    if (decoded.value !== undefined) variant[name] = decoded.value
  }
  if (Object.keys(variant).length === 0 || encodeVariant(variant as Variant) !== segment) return null
  return variant as Variant
}
