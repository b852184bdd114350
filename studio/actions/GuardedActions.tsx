import { Box, Stack, Text } from '@sanity/ui'
import { useState } from 'react'
import type { DocumentActionComponent, DocumentActionDescription } from 'sanity'
import { DELETE_GUARD_QUERY, pagesUsing, refusal, type GuardData, type PageUse } from '../deleteGuard'
import { useAnswer } from './useAnswer'

/** The pages that use a document now (published content), or null while they are being looked up. */
function usePagesUsing(id: string, type: string, revision: string | undefined): { uses: PageUse[] | null; title: string } {
  const publishedId = id.replace(/^drafts\./, '')
  const data = useAnswer<GuardData | 'failed'>({ query: DELETE_GUARD_QUERY, params: { id: publishedId }, perspective: 'published' }, `${publishedId} ${revision}`, 'failed')
  if (data === null) return { uses: null, title: '' }
  if (data === 'failed') return { uses: [], title: '' }
  return { uses: pagesUsing(publishedId, type, data), title: data.self?.title ?? 'This' }
}

/**
 * Sanity's Delete or Unpublish, refused while a published page uses the document: the dialog names each
 * page by its address and title, how it uses it, and what to do first (studio/deleteGuard.ts).
 */
export function guarded(original: DocumentActionComponent, verb: 'delete' | 'unpublish'): DocumentActionComponent {
  const Guarded: DocumentActionComponent = (props) => {
    const action = original(props)
    const { uses, title } = usePagesUsing(props.id, props.type, props.published?._rev)
    const [open, setOpen] = useState(false)
    if (!action) return action
    if (uses === null) return { ...action, disabled: true, title: 'Checking which published pages use it…' } as DocumentActionDescription
    if (uses.length === 0) return action
    const said = refusal(props.type, title, verb, uses)
    return {
      ...action,
      disabled: false,
      title: said.header,
      onHandle: () => setOpen(true),
      dialog: open
        ? {
            type: 'dialog',
            header: said.header,
            onClose: () => setOpen(false),
            content: (
              <Stack gap={4} data-testid="guard-dialog">
                <Stack gap={3} as="ul">
                  {said.pages.map((line) => (
                    <Box as="li" key={line}>
                      <Text>{line}</Text>
                    </Box>
                  ))}
                </Stack>
                <Text>{said.fix}</Text>
              </Stack>
            ),
          }
        : null,
    } as DocumentActionDescription
  }
  Guarded.action = original.action
  Guarded.displayName = `Guarded(${verb})`
  return Guarded
}

export const GUARDED_TYPES = new Set(['pest', 'faq', 'pestPage', 'legalPage', 'page'])

/** The document's actions with Delete and Unpublish guarded. */
export function withGuards(actions: DocumentActionComponent[]): DocumentActionComponent[] {
  return actions.map((action) => (action.action === 'delete' ? guarded(action, 'delete') : action.action === 'unpublish' ? guarded(action, 'unpublish') : action))
}
