import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from '@sanity/webhook'
import { isDraftId, type LakeDocument, type Transaction } from './store.ts'

/** The document types whose publish the site's webhook is configured for (docs/local-lake.md). */
const WEBHOOK_TYPES = new Set(['siteSettings', 'page', 'pestPage', 'legalPage', 'pest', 'faq', 'provider', 'placeNote', 'pestStateNote'])

/** A webhook sent: its body and the answer's status, or the error that stopped it. */
export type SentWebhook = { body: unknown; status: number | string }

/**
 * Sanity's GROQ-powered webhook on publish: for each published document of a configured type a
 * transaction changed, the projection the docs configure, signed with the secret. Drafts send nothing.
 */
export function webhookSender(webhook: { url: string; secret: string }, sent: SentWebhook[], log: (line: string) => void) {
  return async function sendWebhook(transaction: Transaction) {
    for (const change of transaction.changes) {
      if (isDraftId(change.id)) continue
      const type = (change.after ?? change.before)?._type
      if (!type || !WEBHOOK_TYPES.has(type)) continue
      const slugOf = (doc: LakeDocument | null) => ((doc?.slug as { current?: string } | undefined)?.current ?? null)
      const body = JSON.stringify({ _id: change.id, _type: type, slug: slugOf(change.after), previousSlug: slugOf(change.before) })
      try {
        const signature = await encodeSignatureHeader(body, Date.now(), webhook.secret)
        const response = await fetch(webhook.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [SIGNATURE_HEADER_NAME]: signature, 'sanity-operation': change.after ? 'update' : 'delete' },
          body,
        })
        sent.push({ body: JSON.parse(body), status: response.status })
        log(`webhook ${change.id} → ${response.status}`)
      } catch (error) {
        sent.push({ body: JSON.parse(body), status: (error as Error).message })
        log(`webhook ${change.id} failed: ${(error as Error).message}`)
      }
    }
  }
}
