import type { PestsQueryResult, RouteQueryResult } from '../sanity.types'
import type { SiteSettings } from '../lib/site'

type RoutedDocument = NonNullable<RouteQueryResult>
type DocumentWithBlocks = Extract<RoutedDocument, { blocks: unknown }>

/** Any page-builder block as the route query returns it (typegen), from a page or a pest page. */
export type Block = NonNullable<DocumentWithBlocks['blocks'][number]>
export type BlockType = Block['_type']
export type BlockOf<T extends BlockType> = Extract<Block, { _type: T }>

export interface VisitorLocation {
  city: string
  state: string
}

/** What a block may need beyond its own fields. */
export interface BlockContext {
  site: SiteSettings
  pests: PestsQueryResult
  /** The visitor's ad keyword, already cleaned (personalized landing pages only). */
  keyword?: string
  /** The ad's headline (headline1), already cleaned: replaces the hero title on /v2. */
  headline?: string
  /** q=y: the hero title is asked as a question. */
  question?: boolean
  /** The visitor's city and state, when the ad's location code resolved. */
  location?: VisitorLocation | null
  /** SUPABASE_URL, when Supabase is configured: pest photos then come from its public bucket. */
  supabaseUrl?: string
  /** This block's heading is the page's H1: set on the first block that can show one, on a page without a hero. */
  isPageTitle?: boolean
  /** This block is one of the page's first two: on a phone it is in the first screen, so its image is the likely LCP. */
  isFirstScreen?: boolean
}

export interface BlockProps<T extends BlockType> {
  block: BlockOf<T>
  context: BlockContext
}
