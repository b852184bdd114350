import { useEffect, useRef } from 'react'
import { useDocumentStore, type InputProps } from 'sanity'
import { usePresentationNavigate, usePresentationParams } from 'sanity/presentation'
import { currentHomePageId, watchHomePage } from './homePage'

/**
 * A page's form, which in the Presentation tool also leads the preview: when the editor chooses a
 * page (from the list, the search or a link) while the preview shows another address, the preview
 * goes to the chosen page's address. Elsewhere (the Structure tool) it is the plain form.
 */
export function LeadPreview(props: InputProps) {
  const params = usePresentationParams(false)
  return (
    <>
      {params ? <PreviewLeader value={props.value as PageValue | undefined} preview={params.preview} /> : null}
      {props.renderDefault(props)}
    </>
  )
}

type PageValue = { _id?: string; _type?: string; slug?: { current?: string } }

/** The address a page is served at, or null while it has none. */
function addressOf(value: PageValue | undefined): string | null {
  const slug = value?.slug?.current
  if (!slug || !value?._id) return null
  return value._id.replace(/^drafts\./, '') === currentHomePageId() ? '/' : `/${slug}`
}

function PreviewLeader({ value, preview }: { value: PageValue | undefined; preview: string | undefined }) {
  const navigate = usePresentationNavigate()
  const documentStore = useDocumentStore()
  // The latest form value and preview address, read when the chosen document (or its first address) changes, not on every keystroke.
  const latest = useRef({ value, preview })
  useEffect(() => {
    latest.current = { value, preview }
  })
  const id = value?._id?.replace(/^drafts\./, '')
  const hasAddress = Boolean(value?.slug?.current)
  useEffect(() => {
    if (!id || !hasAddress) return
    let led = false
    const subscription = watchHomePage(documentStore).subscribe(() => {
      const address = addressOf(latest.current.value)
      const type = latest.current.value?._type
      // Once per chosen document: after that the editor may browse the preview freely.
      if (led || !address || !type) return
      led = true
      const shown = latest.current.preview ? new URL(latest.current.preview, 'http://preview').pathname : null
      if (shown !== address) navigate(address, { type, id })
    })
    return () => subscription.unsubscribe()
  }, [id, hasAddress, documentStore, navigate])
  return null
}
