import { BookIcon } from '@sanity/icons/Book'
import { BugIcon } from '@sanity/icons/Bug'
import { CogIcon } from '@sanity/icons/Cog'
import { DocumentIcon } from '@sanity/icons/Document'
import { HelpCircleIcon } from '@sanity/icons/HelpCircle'
import { PinIcon } from '@sanity/icons/Pin'
import { UsersIcon } from '@sanity/icons/Users'
import { map } from 'rxjs'
import type { StructureResolver } from 'sanity/structure'
import { watchHomePage } from './homePage'
import { SITE_SETTINGS_ID } from './schemas/documents/siteSettings'
import { PORTAL_ID } from './schemas/documents/portal'

export const singletonTypes = new Set(['siteSettings', 'portal'])

export const structure: StructureResolver = (S, { documentStore }) =>
  S.list()
    .title('Content')
    .items([
      S.listItem()
        .title('Site settings')
        .icon(CogIcon)
        .child(S.document().schemaType('siteSettings').documentId(SITE_SETTINGS_ID).title('Site settings')),
      S.divider(),
      // Drawn once the home page is known, so the page Site settings names is listed at "/" (studio/homePage.ts,
      // kept live: after Site settings names another, the list shows it the next time it is drawn).
      S.documentTypeListItem('page')
        .title('Pages')
        .icon(DocumentIcon)
        .child(() => watchHomePage(documentStore).pipe(map(() => S.documentTypeList('page').title('Pages')))),
      S.documentTypeListItem('pestPage').title('Pest pages').icon(BugIcon),
      S.documentTypeListItem('pest').title('Pests').icon(BugIcon),
      S.documentTypeListItem('faq').title('FAQs').icon(HelpCircleIcon),
      S.documentTypeListItem('legalPage').title('Legal').icon(BookIcon),
      S.divider(),
      S.documentTypeListItem('provider').title('Providers').icon(UsersIcon),
      S.listItem().title('Provider portal').icon(UsersIcon).child(S.document().schemaType('portal').documentId(PORTAL_ID).title('Provider portal')),
      S.documentTypeListItem('placeNote').title('Place notes').icon(PinIcon),
      S.documentTypeListItem('pestStateNote').title('Pest notes by state').icon(PinIcon),
    ])
