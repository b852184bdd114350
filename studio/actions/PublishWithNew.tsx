import { useEffect, useMemo, useState } from 'react'
import { useClient, type DocumentActionComponent, type DocumentActionDescription } from 'sanity'
import { studioEnv } from '../env'
import { NEW_REFERENCES_QUERY, onlyDrafts, publishLabel, referencedIds } from '../newReferences'

/**
 * Sanity's Publish on a page whose draft refers to something created from it and never published (an FAQ
 * made with “Create new” in the FAQ section): the button says so (“Publish page and 1 new question”) and
 * publishes those and the page in one transaction, so the change reaches the site in one step.
 */
export function withNewReferences(original: DocumentActionComponent): DocumentActionComponent {
  const Publish: DocumentActionComponent = (props) => {
    const action = original(props)
    const client = useClient({ apiVersion: studioEnv.apiVersion })
    const ids = useMemo(() => referencedIds(props.draft), [props.draft])
    const key = ids.join(',')
    const [created, setCreated] = useState<{ id: string; type: string }[]>([])
    useEffect(() => {
      let live = true
      const wanted = key ? key.split(',') : []
      if (wanted.length === 0) {
        setCreated([])
        return
      }
      client
        .fetch(NEW_REFERENCES_QUERY, { ids: wanted, draftIds: wanted.map((id) => `drafts.${id}`) }, { perspective: 'raw' })
        .then((found) => live && setCreated(onlyDrafts(found)))
        .catch(() => live && setCreated([]))
      return () => {
        live = false
      }
    }, [client, key])
    if (!action || created.length === 0) return action
    return {
      ...action,
      label: publishLabel(created),
      // One transaction: what was created from the page, then the page (offered only when Sanity's Publish is,
      // so the page's own checks still decide).
      onHandle: () => {
        const pageId = props.id.replace(/^drafts\./, '')
        // Subscribed with then(): the client's request starts when its answer is asked for.
        client.action([
          ...created.map(({ id }) => ({ actionType: 'sanity.action.document.publish' as const, draftId: `drafts.${id}`, publishedId: id })),
          { actionType: 'sanity.action.document.publish' as const, draftId: `drafts.${pageId}`, publishedId: pageId },
        ]).then(
          () => undefined,
          (error: Error) => console.error(`Publishing the page with what was created from it failed: ${error.message}`),
        )
      },
    } as DocumentActionDescription
  }
  Publish.action = original.action
  Publish.displayName = 'PublishWithNew'
  return Publish
}
