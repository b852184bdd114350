import { Badge, Box, Button, Card, Flex, Heading, Spinner, Stack, Text, TextInput } from '@sanity/ui'
import { useCallback, useEffect, useState } from 'react'
import type { OwnerDispute } from '../../../web/lib/portal/disputes'
import type { Pause } from '../../../web/lib/providers/pauses'

/**
 * The providers' disputes from their portal (/portal), open ones first: the call, the reason and the provider's
 * note, with Accept or Refuse and a note of the owner's own — an accepted dispute is a credit on the month's
 * statement and takes the call's conversion back in the ad platforms' adjustment files. Decided ones below, each
 * with every step (who, when, what). Read from /api/calls/disputes with the editor's own Sanity token.
 */
type Listed = OwnerDispute & { providerName: string }
type Paused = Pause & { providerName: string }
type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; disputes: Listed[]; pauses: Paused[]; currency: string; readAt: number }

const DISPUTES_PATH = '/api/calls/disputes'
const REASONS: Record<string, string> = { 'wrong-area': 'Wrong area', 'not-pest-control': 'Not a pest-control job', 'existing-customer': 'Existing customer', spam: 'Spam or robocall', 'same-caller': 'The same caller again', other: 'Other' }
const STATUS: Record<string, { text: string; tone: 'caution' | 'positive' | 'critical' }> = { open: { text: 'Open', tone: 'caution' }, credited: { text: 'Credited by the rules', tone: 'positive' }, accepted: { text: 'Accepted', tone: 'positive' }, refused: { text: 'Refused', tone: 'critical' } }
const when = (at: number | null) => (at === null ? '–' : new Date(at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }))

/** The disputes and pauses, as the site answers them to this editor. */
export function useOwnerDisputes(token: string | undefined): [Load, () => void] {
  const [load, setLoad] = useState<Load>({ state: 'loading' })
  const [version, setVersion] = useState(0)
  useEffect(() => {
    let current = true
    if (!token) return
    void fetch(DISPUTES_PATH, { headers: { authorization: `Bearer ${token}` }, cache: 'no-store' })
      .then(async (response) => {
        const body = (await response.json().catch(() => ({}))) as { disputes?: Listed[]; pauses?: Paused[]; currency?: string; message?: string }
        if (!current) return
        setLoad(response.ok ? { state: 'ready', disputes: body.disputes ?? [], pauses: body.pauses ?? [], currency: body.currency ?? 'USD', readAt: Date.now() } : { state: 'error', message: body.message ?? `The site answered ${response.status}.` })
      })
      .catch(() => current && setLoad({ state: 'error', message: 'The site did not answer. Is it running?' }))
    return () => {
      current = false
    }
  }, [token, version])
  const reload = useCallback(() => setVersion((value) => value + 1), [])
  return [token ? load : { state: 'error', message: 'This Studio’s sign-in cannot be shown to the site. Sign out and in again to see disputes.' }, reload]
}

function DisputeCard({ dispute, currency, token, onDecided }: { dispute: Listed; currency: string; token: string | undefined; onDecided: () => void }) {
  const [note, setNote] = useState('')
  const [message, setMessage] = useState('')
  const status = STATUS[dispute.status] ?? STATUS.open!
  async function decide(decision: 'accept' | 'refuse') {
    setMessage('Saving…')
    const response = await fetch(DISPUTES_PATH, { method: 'POST', headers: { authorization: `Bearer ${token ?? ''}`, 'content-type': 'application/json' }, body: JSON.stringify({ dispute: dispute.id, decision, note }) }).catch(() => null)
    const body = (await response?.json().catch(() => ({}))) as { message?: string }
    setMessage(response?.ok ? 'Saved.' : (body.message ?? 'The site did not answer.'))
    if (response?.ok) onDecided()
  }
  return (
    <Card padding={4} radius={2} border tone={dispute.status === 'open' ? 'caution' : 'default'} aria-label={`Dispute of ${dispute.callSid}`}>
      <Stack gap={3}>
        <Flex gap={3} align="center" wrap="wrap">
          <Badge tone={status.tone}>{status.text}</Badge>
          <Text weight="semibold">{dispute.providerName}</Text>
          <Text size={1} muted>
            call {dispute.callSid} · {when(dispute.callStartedAt)} · {dispute.amount.toLocaleString('en-US', { style: 'currency', currency })}
          </Text>
        </Flex>
        <Text size={1}>
          {REASONS[dispute.reason] ?? dispute.reason}
          {dispute.note ? `: “${dispute.note}”` : ''}
        </Text>
        <Stack gap={1}>
          {dispute.steps.map((step, index) => (
            <Text key={index} size={0} muted>
              {when(step.at)} · {step.actor} · {step.action}
              {step.note ? ` — ${step.note}` : ''}
            </Text>
          ))}
        </Stack>
        {dispute.status === 'open' ? (
          <Flex gap={2} align="center" wrap="wrap">
            <Box flex={1} style={{ minWidth: 220 }}>
              <TextInput placeholder="A note for the provider (optional)" value={note} onChange={(event) => setNote(event.currentTarget.value)} aria-label="Note" />
            </Box>
            <Button text="Accept (credit)" tone="positive" onClick={() => void decide('accept')} />
            <Button text="Refuse" tone="critical" mode="ghost" onClick={() => void decide('refuse')} />
            {message ? <Text size={1}>{message}</Text> : null}
          </Flex>
        ) : null}
      </Stack>
    </Card>
  )
}

export function DisputesView({ token }: { token: string | undefined }) {
  const [load, reload] = useOwnerDisputes(token)
  if (load.state === 'loading') return <Spinner muted />
  if (load.state === 'error') return <Text>{load.message}</Text>
  const open = load.disputes.filter((dispute) => dispute.status === 'open')
  const decided = load.disputes.filter((dispute) => dispute.status !== 'open')
  return (
    <Stack gap={5}>
      <Heading as="h2" size={1}>
        Open disputes ({open.length})
      </Heading>
      {open.length === 0 ? <Text muted>No dispute waits for you. Providers dispute a paid call in their portal within the days Site settings → Call tracking allows.</Text> : null}
      {open.map((dispute) => (
        <DisputeCard key={dispute.id} dispute={dispute} currency={load.currency} token={token} onDecided={reload} />
      ))}
      {decided.length > 0 ? (
        <Heading as="h2" size={1}>
          Decided (last 90 days)
        </Heading>
      ) : null}
      {decided.map((dispute) => (
        <DisputeCard key={dispute.id} dispute={dispute} currency={load.currency} token={token} onDecided={reload} />
      ))}
    </Stack>
  )
}

/** The Providers view's pauses: who paused new calls (until when) and who is away ahead. */
export function ProviderPauses({ token }: { token: string | undefined }) {
  const [load] = useOwnerDisputes(token)
  if (load.state !== 'ready' || load.pauses.length === 0) return null
  const now = load.readAt
  return (
    <Card padding={4} radius={2} border tone="caution">
      <Stack gap={3}>
        <Heading as="h2" size={1}>
          Paused by providers
        </Heading>
        {load.pauses.map((pause) => (
          <Text key={pause.id} size={1}>
            {pause.providerName}: {pause.startsAt <= now ? 'no new calls' : `away from ${when(pause.startsAt)}`} {pause.endsAt === null ? 'until resumed' : `until ${when(pause.endsAt)}`} (set by {pause.createdBy})
          </Text>
        ))}
      </Stack>
    </Card>
  )
}
