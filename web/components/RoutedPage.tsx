import { BlockRenderer } from '../blocks/BlockRenderer'
import type { BlockContext } from '../blocks/types'
import type { RoutedDocument } from '../lib/content'
import { LegalDocument } from './LegalDocument'

/** Draws any routed document: page-builder pages and pest pages through blocks, legal pages as text. */
export function RoutedPage({ doc, context }: { doc: RoutedDocument; context: BlockContext }) {
  if (doc._type === 'legalPage') return <LegalDocument doc={doc} />
  return <BlockRenderer blocks={doc.blocks} context={context} />
}
