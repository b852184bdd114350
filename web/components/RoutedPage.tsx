import { BlockRenderer } from '../blocks/BlockRenderer'
import type { BlockContext } from '../blocks/types'
import type { RoutedDocument } from '../lib/content'
import { LegalDocument } from './LegalDocument'
import { RevealCallBar } from './RevealCallBar'
import { SiteFooter } from './SiteFooter'
import { SiteHeader } from './SiteHeader'
import { StickyCallBar } from './StickyCallBar'
import { Toasts } from './Toasts'

/**
 * Draws any routed document in its frame: the site header and footer unless the page brings its
 * own (sample templates), the call bar the page asks for, and the toast layer only where a page
 * shows messages. Page-builder and pest pages render through blocks, legal pages as text.
 */
export function RoutedPage({ doc, context }: { doc: RoutedDocument; context: BlockContext }) {
  const { site } = context
  const blocks = 'blocks' in doc ? doc.blocks : []
  const showsToasts = Boolean(doc.callToast) || blocks.some((block) => block?._type === 'zipSearch')
  const callToast = doc.callToast?.title && doc.callToast.message ? { title: doc.callToast.title, message: doc.callToast.message } : null
  return (
    <>
      {doc.chrome === 'site' ? <SiteHeader site={site} /> : null}
      <main id="main">
        {doc._type === 'legalPage' ? <LegalDocument doc={doc} /> : <BlockRenderer blocks={blocks} context={context} />}
      </main>
      {doc.chrome === 'site' ? <SiteFooter site={site} /> : null}
      {doc.callBar === 'phones' ? <StickyCallBar site={site} /> : null}
      {doc.callBar === 'afterHero' ? (
        <RevealCallBar>
          <StickyCallBar site={site} on="everywhere" />
        </RevealCallBar>
      ) : null}
      {showsToasts ? <Toasts callToast={callToast} /> : null}
    </>
  )
}
