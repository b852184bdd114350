import { MenuIcon } from '@sanity/icons/Menu'
import { defineType } from 'sanity'
import { requiredString, stringList } from '../schemaHelpers'

export const templateHeaderSchema = defineType({
  name: 'templateHeader',
  title: 'Sample header',
  type: 'object',
  icon: MenuIcon,
  description: 'The header of a sample company template: its menu and button do nothing.',
  fields: [requiredString('brand', 'Company name'), stringList('navItems', 'Menu items', { min: 1, max: 6 }), requiredString('buttonLabel', 'Button label')],
  preview: { select: { title: 'brand' }, prepare: ({ title }: { title?: string }) => ({ title, subtitle: 'Sample header' }) },
})
