import { defineArrayMember, defineField, type ArrayRule, type StringRule } from 'sanity'

/**
 * Small field builders shared by the Studio's schemas, so every field words its rules the same way:
 * an empty field says what to write, a long one how long it may be and how long it is, a list how
 * many items it needs and how many it has (never Sanity's bare “Required”).
 */

/** "Shorten the headline to 80 characters or fewer — it has 93." */
export function tooLongMessage(noun: string, max: number, length: number, why?: string): string {
  return `Shorten the ${noun} to ${max} characters or fewer — it has ${length}${why ? `: ${why}` : ''}.`
}

/** "Add 3 or 4 benefits — it has 2." / "Add at least 2 pests — it has 1." / "Keep at most 4 features — it has 5." */
export function countMessage(noun: string, count: number, limits: { min?: number; max?: number }): string | null {
  const { max } = limits
  const min = limits.min || undefined // 0 is no lower bound
  if (min !== undefined && max !== undefined && (count < min || count > max)) {
    const range = max === min ? `exactly ${min}` : max === min + 1 ? `${min} or ${max}` : `${min} to ${max}`
    return `${count < min ? 'Add' : 'Keep'} ${range} ${noun} — it has ${count}.`
  }
  if (min === 1 && count === 0) return `Add ${noun} — there are none yet.`
  if (min !== undefined && count < min) return `Add at least ${min} ${noun} — it has ${count}.`
  if (max !== undefined && count > max) return `Keep at most ${max} ${noun} — it has ${count}; remove ${count - max}.`
  return null
}

/**
 * A text field's rules: empty says `write` (what belongs there), and with `max` a longer text says how
 * long it may be and how long it is. `level: 'warning'` makes the length a warning (e.g. search titles).
 */
export function textRules(write: string | null, limit?: { max: number; noun: string; why?: string; level?: 'error' | 'warning' }) {
  return (rule: StringRule) => [
    ...(write === null ? [] : [rule.required().error(write)]),
    ...(limit
      ? [
          rule
            .custom((value: string | undefined) => (typeof value === 'string' && value.length > limit.max ? tooLongMessage(limit.noun, limit.max, value.length, limit.why) : true))
            [limit.level ?? 'error'](),
        ]
      : []),
  ]
}

/** A list's rules: how many items it needs, and how many it has (`min` defaults to 1: the list is required). */
export function listRules(noun: string, { min = 1, max }: { min?: number; max?: number } = {}) {
  return (rule: ArrayRule<unknown[]>) => [
    // A separate required rule (its own message), so the schema extractor still types the list as present.
    ...(min > 0 ? [rule.required().error(countMessage(noun, 0, { min, max })!)] : []),
    rule.custom((items: unknown[] | undefined) => (items?.length ? (countMessage(noun, items.length, { min, max }) ?? true) : true)).error(),
  ]
}

/** A required one-line text; `write` says what belongs there (default: “Write the <title in lower case>.”). */
export function requiredString(name: string, title: string, description?: string, write?: string) {
  return defineField({
    name,
    title,
    type: 'string',
    description,
    validation: textRules(write ?? `Write the ${title.toLowerCase()}.`),
  })
}

export function optionalString(name: string, title: string, description?: string) {
  return defineField({ name, title, type: 'string', description })
}

/** The name of one item of a list: "Menu items" → "Menu item", "Badges" → "Badge" (shown where an item's error is listed). */
export function oneOf(listTitle: string): string {
  if (/(?:ch|sh|x|ss)es$/.test(listTitle)) return listTitle.slice(0, -2)
  return listTitle.endsWith('s') ? listTitle.slice(0, -1) : listTitle
}

export function stringList(name: string, title: string, options: { min?: number; max?: number; exactly?: number; description?: string } = {}) {
  const { min, max, exactly, description } = options
  return defineField({
    name,
    title,
    type: 'array',
    description,
    of: [defineArrayMember({ type: 'string', title: oneOf(title) })],
    validation: listRules(title.toLowerCase(), exactly !== undefined ? { min: exactly, max: exactly } : { min: min ?? 1, max }),
  })
}

export function previewWith(kind: string, titleField = 'heading') {
  return {
    select: { title: titleField },
    prepare: ({ title }: { title?: string }) => ({ title: title || kind, subtitle: kind }),
  }
}
