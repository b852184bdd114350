import { useMemo, useState } from 'react'
import { useToast } from '@sanity/ui/toast'
import {
  useClient,
  useDocumentOperation,
  useDocumentPairPermissions,
  useSyncState,
  useValidationStatus,
  type DocumentActionComponent,
  type DocumentActionDescription,
} from 'sanity'
import { studioEnv } from '../env'
import { NEW_REFERENCES_QUERY, onlyDrafts, problemsLeft, publishLabel, referencedIds } from '../newReferences'
import { useAnswer } from './useAnswer'

/**
 * Sanity's Publish on a page whose draft refers to something created from it and never published (an FAQ
 * made with “Create new” in the FAQ section): the button says so (“Publish page and 1 new question”) and
 * publishes those and the page in one transaction, so the change reaches the site in one step.
 *
 * Sanity's own Publish stays off while such a reference is unpublished (“Referenced document must be
 * published”), which is exactly what this step publishes first; so this one is on when every other condition
 * of Sanity's holds: nothing saving or checking, permission, and no other problem.
 */
export function withNewReferences(original: DocumentActionComponent): DocumentActionComponent {
  const Publish: DocumentActionComponent = (props) => {
    const action = original(props)
    const publishedId = props.id.replace(/^drafts\./, '')
    const client = useClient({ apiVersion: studioEnv.apiVersion })
    const toast = useToast()
    const validation = useValidationStatus(publishedId, props.type, true)
    const { isSyncing } = useSyncState(publishedId, props.type)
    const { publish } = useDocumentOperation(publishedId, props.type)
    const [permissions, permissionsLoading] = useDocumentPairPermissions({ id: publishedId, type: props.type, permission: 'publish' })
    const [publishing, setPublishing] = useState(false)
    const ids = useMemo(() => referencedIds(props.draft), [props.draft])
    const key = ids.join(',')
    const found = useAnswer<Parameters<typeof onlyDrafts>[0] | null>(
      ids.length > 0 ? { query: NEW_REFERENCES_QUERY, params: { ids, draftIds: ids.map((id) => `drafts.${id}`) }, perspective: 'raw' } : null,
      key,
      null,
    )
    const created = found ? onlyDrafts(found) : []
    if (!action || created.length === 0) return action
    const problems = problemsLeft(validation.validation, created)
    const disabled =
      publishing ||
      !props.ready ||
      Boolean(props.transactionSyncLock?.enabled) ||
      Boolean(publish.disabled) ||
      isSyncing ||
      validation.isValidating ||
      permissionsLoading ||
      !permissions?.granted ||
      problems.length > 0
    return {
      ...action,
      label: publishLabel(created),
      disabled,
      // Sanity's own reason when it is one of Sanity's conditions or another problem; none while merely saving or checking.
      title: publish.disabled || problems.length > 0 ? action.title : undefined,
      // One transaction: what was created from the page, then the page.
      onHandle: () => {
        setPublishing(true)
        // Subscribed with then(): the client's request starts when its answer is asked for.
        client
          .action([
            ...created.map(({ id }) => ({ actionType: 'sanity.action.document.publish' as const, draftId: `drafts.${id}`, publishedId: id })),
            { actionType: 'sanity.action.document.publish' as const, draftId: `drafts.${publishedId}`, publishedId },
          ])
          .then(
            () => props.onComplete(),
            (error: Error) => {
              toast.push({ status: 'error', title: 'Not published', description: `The page and what was created from it were not published: ${error.message}. Try Publish again.` })
              props.onComplete()
            },
          )
          .finally(() => setPublishing(false))
      },
    } as DocumentActionDescription
  }
  Publish.action = original.action
  Publish.displayName = 'PublishWithNew'
  return Publish
}
