import type { SlugValue, ValidationContext } from 'sanity'
import { ROUTED_TYPES } from '../../../web/lib/sanity/routedTypes.ts'
import { studioEnv } from '../../env'

/**
 * An address belongs to one page across every kind of page. Sanity's own uniqueness check compares only
 * documents of the same type (a page and a pest page could both claim /ants) and words its refusal as
 * "Slug is already in use", so it is switched off (`isUnique` always true) and this rule says which page
 * has the address instead.
 */
export const addressOptionsUnique = () => true

export async function addressTaken(value: SlugValue | undefined, context: ValidationContext): Promise<string | true> {
  const slug = value?.current
  const id = context.document?._id.replace(/^drafts\./, '')
  if (!slug || !id) return true
  const holder = await context
    .getClient({ apiVersion: studioEnv.apiVersion })
    .fetch<{ title: string | null } | null>('*[_type in $types && slug.current == $slug && !(_id in [$draft, $published])][0]{ "title": coalesce(title, pest->name) }', {
      types: ROUTED_TYPES,
      slug,
      draft: `drafts.${id}`,
      published: id,
    })
  if (!holder) return true
  return `The page “${holder.title ?? slug}” already has the address /${slug}: choose another, e.g. “${slug}-2”.`
}
