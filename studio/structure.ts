import { BookIcon } from '@sanity/icons/Book'
import { BugIcon } from '@sanity/icons/Bug'
import { CogIcon } from '@sanity/icons/Cog'
import { DocumentIcon } from '@sanity/icons/Document'
import { HelpCircleIcon } from '@sanity/icons/HelpCircle'
import type { StructureResolver } from 'sanity/structure'
import { SITE_SETTINGS_ID } from './schemas/documents/siteSettings'

export const singletonTypes = new Set(['siteSettings'])

export const structure: StructureResolver = (S) =>
  S.list()
    .title('Content')
    .items([
      S.listItem()
        .title('Site settings')
        .icon(CogIcon)
        .child(S.document().schemaType('siteSettings').documentId(SITE_SETTINGS_ID).title('Site settings')),
      S.divider(),
      S.documentTypeListItem('page').title('Pages').icon(DocumentIcon),
      S.documentTypeListItem('pestPage').title('Pest pages').icon(BugIcon),
      S.documentTypeListItem('pest').title('Pests').icon(BugIcon),
      S.documentTypeListItem('faq').title('FAQs').icon(HelpCircleIcon),
      S.documentTypeListItem('legalPage').title('Legal').icon(BookIcon),
    ])
