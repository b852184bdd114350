import { defineArrayMember, defineField } from 'sanity'

/** Small field builders shared by block schemas, so every block words its rules the same way. */
export function requiredString(name: string, title: string, description?: string) {
  return defineField({
    name,
    title,
    type: 'string',
    description,
    validation: (rule) => rule.required().error(`Fill in “${title}”.`),
  })
}

export function optionalString(name: string, title: string, description?: string) {
  return defineField({ name, title, type: 'string', description })
}

export function stringList(name: string, title: string, options: { min?: number; max?: number; exactly?: number; description?: string } = {}) {
  const { min, max, exactly, description } = options
  return defineField({
    name,
    title,
    type: 'array',
    description,
    of: [defineArrayMember({ type: 'string' })],
    validation: (rule) => {
      let next = rule.required()
      if (exactly !== undefined) return next.length(exactly).error(`Add exactly ${exactly} items – the design is made for ${exactly}.`)
      if (min !== undefined) next = next.min(min).error(`Add at least ${min}.`)
      if (max !== undefined) next = next.max(max).error(`Add at most ${max}.`)
      return next
    },
  })
}

export function previewWith(kind: string, titleField = 'heading') {
  return {
    select: { title: titleField },
    prepare: ({ title }: { title?: string }) => ({ title: title || kind, subtitle: kind }),
  }
}
