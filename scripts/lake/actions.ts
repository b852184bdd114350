import { Mutation } from '@sanity/mutator'
import { LakeError, type DocumentStore, type LakeDocument, type Transaction } from './store.ts'

/**
 * Sanity's document actions (`data/actions`), which the Studio uses to create, edit, publish,
 * unpublish, discard and delete: all of one request's actions are worked out against the documents
 * as the earlier actions left them, then committed as one transaction (or none, when one fails).
 */
export function runActions(store: DocumentStore, actions: Record<string, unknown>[], transactionId?: string): Transaction {
  const next = new Map<string, LakeDocument | null>()
  const current = (id: string) => (next.has(id) ? next.get(id)! : store.get(id))
  for (const action of actions) {
    const type = String(action.actionType).replace('sanity.action.document.', '')
    const publishedId = action.publishedId as string | undefined
    const draftId = (action.draftId as string | undefined) ?? (action.versionId as string | undefined) ?? (publishedId ? `drafts.${publishedId}` : undefined)
    switch (type) {
      case 'create': {
        const attributes = action.attributes as LakeDocument
        const id = attributes._id ?? draftId!
        if (current(id)) {
          if (action.ifExists === 'ignore') break
          throw new LakeError(409, 'documentAlreadyExistsError', `Document by ID "${id}" already exists`)
        }
        next.set(id, { ...attributes, _id: id })
        break
      }
      case 'edit': {
        const base = current(draftId!) ?? (current(publishedId!) ? { ...current(publishedId!)!, _id: draftId! } : null)
        if (!base) throw new LakeError(409, 'documentNotFoundError', `Neither "${draftId}" nor "${publishedId}" exists`)
        const patched = new Mutation({ mutations: [{ patch: { ...(action.patch as object), id: draftId } }] as never }).apply(base as never) as LakeDocument
        next.set(draftId!, patched)
        break
      }
      case 'replaceDraft':
        next.set(draftId!, { ...(action.attributes as LakeDocument), _id: draftId! })
        break
      case 'publish': {
        const draft = current(draftId!)
        if (!draft) throw new LakeError(409, 'documentNotFoundError', `There is no draft "${draftId}" to publish`)
        const published = current(publishedId!)
        if (action.ifPublishedRevisionId && published?._rev !== action.ifPublishedRevisionId)
          throw new LakeError(409, 'conflict', `The published document changed (revision ${published?._rev})`)
        if (action.ifDraftRevisionId && draft._rev !== action.ifDraftRevisionId) throw new LakeError(409, 'conflict', `The draft changed (revision ${draft._rev})`)
        next.set(publishedId!, { ...draft, _id: publishedId!, _createdAt: published?._createdAt ?? draft._createdAt })
        next.set(draftId!, null)
        break
      }
      case 'unpublish': {
        const published = current(publishedId!)
        if (!published) throw new LakeError(409, 'documentNotFoundError', `"${publishedId}" is not published`)
        if (!current(draftId!)) next.set(draftId!, { ...published, _id: draftId! })
        next.set(publishedId!, null)
        break
      }
      case 'discard':
      case 'version.discard':
        if (!current(draftId!)) throw new LakeError(409, 'documentNotFoundError', `There is no "${draftId}" to discard`)
        next.set(draftId!, null)
        break
      case 'delete':
        next.set(publishedId!, null)
        for (const id of (action.includeDrafts as string[] | undefined) ?? []) next.set(id, null)
        if (current(`drafts.${publishedId}`)) next.set(`drafts.${publishedId}`, null)
        break
      default:
        throw new LakeError(400, 'unsupportedAction', `The local Content Lake does not support ${action.actionType} (releases, variants and scheduling are off locally)`)
    }
  }
  return store.commit(next, actions, transactionId)
}
