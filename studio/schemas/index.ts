import { blockSchemas } from '../../web/blocks/schemas'
import { faq } from './documents/faq'
import { legalPage } from './documents/legalPage'
import { page } from './documents/page'
import { pest } from './documents/pest'
import { pestPage } from './documents/pestPage'
import { pestStateNote } from './documents/pestStateNote'
import { placeNote } from './documents/placeNote'
import { portal } from './documents/portal'
import { provider } from './documents/provider'
import { siteSettings } from './documents/siteSettings'
import { blockContent } from './objects/blockContent'
import { link } from './objects/link'
import { seo } from './objects/seo'
import { trackingNumberRule } from './objects/trackingNumberRule'

export const schemaTypes = [
  siteSettings,
  page,
  pestPage,
  pest,
  provider,
  portal,
  placeNote,
  pestStateNote,
  faq,
  legalPage,
  seo,
  link,
  blockContent,
  trackingNumberRule,
  ...blockSchemas,
]
