import type { PestsQueryResult, RouteQueryResult } from '../sanity.types'
import type { SiteSettings } from '../lib/site'
import type { PersonalizationContext } from '../lib/personalization/variant'

type RoutedDocument = NonNullable<RouteQueryResult>
type DocumentWithBlocks = Extract<RoutedDocument, { blocks: unknown }>

/** Any page-builder block as the route query returns it (typegen), from a page or a pest page. */
export type Block = NonNullable<DocumentWithBlocks['blocks'][number]>
export type BlockType = Block['_type']
export type BlockOf<T extends BlockType> = Extract<Block, { _type: T }>

/** What a block may need beyond its own fields; the personalized ones come from the variant's field table. */
export interface BlockContext extends PersonalizationContext {
  site: SiteSettings
  pests: PestsQueryResult
  /** SUPABASE_URL, when Supabase is configured: pest photos then come from its public bucket. */
  supabaseUrl?: string
  /** The site reads a local Content Lake: its uploaded photos are served as they are (web/lib/imageHosts.ts). */
  localLake?: boolean
  /** This block's heading is the page's H1: set on the first block that can show one, on a page without a hero. */
  isPageTitle?: boolean
  /** This block is one of the page's first two: on a phone it is in the first screen, so its image is the likely LCP. */
  isFirstScreen?: boolean
}

export interface BlockProps<T extends BlockType> {
  block: BlockOf<T>
  context: BlockContext
}
