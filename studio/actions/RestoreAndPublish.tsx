import { RevertIcon } from '@sanity/icons/Revert'
import { Button, Flex, Stack, Text } from '@sanity/ui'
import { useToast } from '@sanity/ui/toast'
import { useState } from 'react'
import { useClient, type DocumentActionComponent, type DocumentActionDescription } from 'sanity'
import { studioEnv } from '../env'
import { restoredMessage } from '../restore'

type Revision = Record<string, unknown> & { _id: string; _type: string; slug?: { current?: string } }

/**
 * History's Restore on a published document: the revision comes back and is published in the same step
 * (one transaction: the revision as the draft, then published), and the message says what is live. On a
 * document that was never published, Sanity's own Restore (to the draft) stays.
 */
export function withPublishOnRestore(original: DocumentActionComponent): DocumentActionComponent {
  const Restore: DocumentActionComponent = (props) => {
    const action = original(props)
    const client = useClient({ apiVersion: studioEnv.apiVersion })
    const toast = useToast()
    const [open, setOpen] = useState(false)
    const [busy, setBusy] = useState(false)
    if (!action || !props.published || !props.revision || props.revision === '@initial') return action
    const publishedId = props.id.replace(/^drafts\./, '')
    const restoreAndPublish = async () => {
      setBusy(true)
      try {
        // The revision may be the published document's or its draft's (an edit later discarded): the history API is asked for both.
        const { documents } = await client.request<{ documents: Revision[] }>({ url: `/data/history/${client.config().dataset}/documents/${publishedId},drafts.${publishedId}?revision=${props.revision}` })
        const revision = documents[0]
        if (!revision) throw new Error('That version is no longer kept.')
        const { _rev: _revision, _updatedAt: _updated, ...attributes } = revision
        void _revision
        void _updated
        await client.action([
          { actionType: 'sanity.action.document.replaceDraft', publishedId, attributes: { ...attributes, _id: `drafts.${publishedId}` } },
          { actionType: 'sanity.action.document.publish', draftId: `drafts.${publishedId}`, publishedId },
        ])
        toast.push({ status: 'success', title: 'Restored and published', description: restoredMessage(revision) })
        setOpen(false)
      } catch (error) {
        toast.push({ status: 'error', title: 'Nothing was restored', description: `${(error as Error).message} The site still shows the page as it was.` })
      } finally {
        setBusy(false)
      }
    }
    return {
      ...action,
      label: 'Restore and publish',
      icon: RevertIcon,
      title: 'Bring this version back and publish it: the site shows it at once.',
      disabled: action.disabled || busy,
      onHandle: () => setOpen(true),
      dialog: open
        ? {
            type: 'dialog',
            header: 'Restore this version and publish it?',
            onClose: () => setOpen(false),
            content: (
              <Stack gap={4} data-testid="restore-dialog">
                <Text>The site changes to this version at once. What is published now stays in History, so it can be restored too.</Text>
                <Flex gap={2} justify="flex-end">
                  <Button mode="ghost" text="Cancel" onClick={() => setOpen(false)} />
                  <Button tone="caution" text={busy ? 'Restoring…' : 'Restore and publish'} disabled={busy} onClick={() => void restoreAndPublish()} />
                </Flex>
              </Stack>
            ),
          }
        : null,
    } as DocumentActionDescription
  }
  Restore.action = original.action
  Restore.displayName = 'RestoreAndPublish'
  return Restore
}
