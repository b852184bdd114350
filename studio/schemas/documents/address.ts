import type { SlugIsUniqueValidator } from 'sanity'
import { ROUTED_TYPES } from '../../../web/lib/sanity/routedTypes.ts'
import { studioEnv } from '../../env'

/**
 * An address belongs to one document across every routed type. Sanity's own check compares only
 * documents of the same type, so a page and a pest page could both claim /ants and one would be
 * unreachable.
 */
export const isUniqueAddress: SlugIsUniqueValidator = async (slug, context) => {
  const id = context.document?._id.replace(/^drafts\./, '')
  if (!id) return true
  const taken = await context
    .getClient({ apiVersion: studioEnv.apiVersion })
    .fetch<boolean>('defined(*[_type in $types && slug.current == $slug && !(_id in [$draft, $published])][0]._id)', {
      types: ROUTED_TYPES,
      slug,
      draft: `drafts.${id}`,
      published: id,
    })
  return !taken
}
