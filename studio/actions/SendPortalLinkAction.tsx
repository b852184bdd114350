import { EnvelopeIcon } from '@sanity/icons/Envelope'
import { useToast } from '@sanity/ui/toast'
import { useState } from 'react'
import { useClient, type DocumentActionComponent } from 'sanity'
import { studioEnv } from '../env'

/**
 * "Send portal sign-in link" on a provider: the site e-mails a one-time link (15 minutes, once) to each of the
 * provider's published portal e-mails (POST /api/providers/invite with the editor's own Sanity token, as the
 * Calls tool asks). `npm run providers:invite -- --provider <id>` does the same from a shell.
 */
export const SendPortalLinkAction: DocumentActionComponent = (props) => {
  const client = useClient({ apiVersion: studioEnv.apiVersion })
  const toast = useToast()
  const [sending, setSending] = useState(false)
  const emails = ((props.published ?? {}) as { portalEmails?: unknown[] }).portalEmails ?? []
  return {
    label: sending ? 'Sending…' : 'Send portal sign-in link',
    icon: EnvelopeIcon,
    disabled: sending || !props.published || emails.length === 0,
    title: !props.published ? 'Publish the provider first.' : emails.length === 0 ? 'Add a portal e-mail and publish first.' : 'E-mail a one-time sign-in link to each portal e-mail.',
    onHandle: async () => {
      setSending(true)
      const response = await fetch('/api/providers/invite', {
        method: 'POST',
        headers: { authorization: `Bearer ${client.config().token ?? ''}`, 'content-type': 'application/json' },
        body: JSON.stringify({ provider: props.id }),
      }).catch(() => null)
      const body = (await response?.json().catch(() => ({}))) as { sent?: string[]; message?: string }
      toast.push(response?.ok ? { status: 'success', title: 'Sign-in link sent', description: `To ${(body.sent ?? []).join(', ')}. It works once, within 15 minutes.` } : { status: 'error', title: 'No link was sent', description: body.message ?? 'The site did not answer. Is it running?' })
      setSending(false)
      props.onComplete()
    },
  }
}
