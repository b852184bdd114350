import { ImageIcon } from '@sanity/icons/Image'
import { defineField, defineType } from 'sanity'

export const pestImageSchema = defineType({
  name: 'pestImage',
  title: 'Pest photo',
  type: 'object',
  icon: ImageIcon,
  description: 'A photo of a pest. Leave “Pest” empty on the generic landing page to pick the photo from the ad keyword.',
  fields: [
    defineField({
      name: 'pest',
      title: 'Pest',
      type: 'reference',
      to: [{ type: 'pest' }],
      description: 'Whose photo to show. Empty = chosen from the visitor’s search keyword (ant when nothing matches).',
    }),
    defineField({
      name: 'caption',
      title: 'Caption',
      type: 'string',
      description: 'Optional line under the photo.',
    }),
  ],
  preview: {
    select: { pest: 'pest.name', media: 'pest.image' },
    prepare: ({ pest, media }) => ({
      title: pest ? `Photo: ${pest}` : 'Photo chosen from the ad keyword',
      subtitle: 'Pest photo',
      media: media ?? ImageIcon,
    }),
  },
})
