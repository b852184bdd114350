import { defineArrayMember, defineField, defineType } from 'sanity'

/** Formatted text used by text sections, legal pages and FAQ answers. Links may point to a page or a full URL. */
export const blockContent = defineType({
  name: 'blockContent',
  title: 'Formatted text',
  type: 'array',
  of: [
    defineArrayMember({
      type: 'block',
      styles: [
        { title: 'Paragraph', value: 'normal' },
        { title: 'Heading', value: 'h2' },
        { title: 'Subheading', value: 'h3' },
      ],
      lists: [
        { title: 'Bullets', value: 'bullet' },
        { title: 'Numbered', value: 'number' },
      ],
      marks: {
        decorators: [
          { title: 'Bold', value: 'strong' },
          { title: 'Italic', value: 'em' },
        ],
        annotations: [
          defineArrayMember({
            name: 'link',
            type: 'object',
            title: 'Link',
            fields: [
              defineField({
                name: 'href',
                title: 'Address',
                type: 'url',
                description: 'A page of this site (/privacy-policy), a full https:// address, mailto: or tel:.',
                validation: (rule) =>
                  rule
                    .required()
                    .uri({ allowRelative: true, scheme: ['http', 'https', 'mailto', 'tel'] })
                    .error('Enter an address like /privacy-policy or https://example.com.'),
              }),
            ],
          }),
        ],
      },
    }),
  ],
})
