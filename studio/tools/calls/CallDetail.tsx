import { Button, Card, Flex, Heading, Select, Stack, Text, TextInput } from '@sanity/ui'
import { useEffect, useState } from 'react'
import type { CallEntry } from '../../../web/lib/calls/report'
import { callTime, outcomeLabel } from '../../../web/lib/calls/callList'
import { OUTCOMES, OUTCOME_LABELS } from '../../../web/lib/calls/outcomes/rules'
import { formatUsPhone } from '../../../web/lib/phone'

/**
 * One call opened in the Calls view: how it went, its recording (fetched through the site with the editor's own
 * login, played from memory), what was said, and the outcome (with a booked job's value) changed by hand; every
 * change listed with who made it.
 */
export function CallDetail({ call, zone, token, onChanged }: { call: CallEntry; zone: string; token: string | undefined; onChanged: () => void }) {
  const [outcome, setOutcome] = useState<string>(call.outcome || 'lead')
  const [value, setValue] = useState(call.outcome === 'booked' && call.value !== null ? String(call.value) : '')
  const [message, setMessage] = useState('')
  const [audio, setAudio] = useState<string | null>(null)
  useEffect(() => {
    if (!call.recordingSid || !token) return
    let url: string | null = null
    void fetch(`/api/calls/recording?call=${encodeURIComponent(call.id)}`, { headers: { authorization: `Bearer ${token}` } })
      .then(async (response) => (response.ok ? URL.createObjectURL(await response.blob()) : null))
      .then((made) => setAudio((url = made)))
      .catch(() => setAudio(null))
    return () => {
      if (url) URL.revokeObjectURL(url)
    }
  }, [call.id, call.recordingSid, token])
  async function save() {
    setMessage('Saving…')
    const response = await fetch('/api/calls/outcome', {
      method: 'POST',
      headers: { authorization: `Bearer ${token ?? ''}`, 'content-type': 'application/json' },
      body: JSON.stringify({ call: call.id, outcome, ...(outcome === 'booked' && value !== '' ? { value: Number(value) } : {}) }),
    }).catch(() => null)
    const body = (await response?.json().catch(() => ({}))) as { message?: string }
    setMessage(response?.ok ? 'Saved.' : (body.message ?? 'The site did not answer.'))
    if (response?.ok) onChanged()
  }
  const routed = (call.legs ?? []).map((one) => `${one.order}. ${one.name || (one.provider ? one.provider : 'the business line')}: ${one.outcome === 'answered' ? `answered, talked ${one.seconds} s` : one.outcome.replaceAll('-', ' ')}${one.why ? ` — not payable: ${one.why}` : one.provider && one.outcome === 'answered' ? ' — payable' : ''}.`)
  const leg =
    routed.length > 0
      ? routed.join(' ')
      : call.answered
        ? `Forwarded to the business line and answered: talked ${call.talkSeconds} s.`
        : call.status === 'busy'
          ? 'Forwarded to the business line: busy.'
          : call.status === 'ringing'
            ? 'Still ringing, or the end was never reported.'
            : 'Forwarded to the business line: nobody answered.'
  return (
    <Card padding={4} radius={2} border aria-label="Call details">
      <Stack gap={4}>
        <Heading as="h3" size={1}>
          {callTime(call, zone)} · {call.caller || 'Caller not kept'} → {formatUsPhone(call.number)}
        </Heading>
        <Text size={1}>{leg}</Text>
        {call.recordingSid ? audio ? <audio controls src={audio} aria-label="Recording" /> : <Text size={1} muted>Loading the recording…</Text> : <Text size={1} muted>Not recorded.</Text>}
        <Stack gap={2}>
          <Text size={1} weight="semibold">
            What was said
          </Text>
          <Text size={1} muted={!call.transcript}>
            {call.transcript || 'No transcript.'}
          </Text>
        </Stack>
        <Text size={1}>
          {outcomeLabel(call.outcome)}: {call.outcomeReason || '–'}
        </Text>
        <Flex gap={3} align="center" wrap="wrap">
          <Select aria-label="New outcome" value={outcome} onChange={(event) => setOutcome(event.currentTarget.value)}>
            {OUTCOMES.map((one) => (
              <option key={one} value={one}>
                {OUTCOME_LABELS[one]}
              </option>
            ))}
          </Select>
          {outcome === 'booked' ? <TextInput aria-label="Job value" type="number" min={0} value={value} placeholder="Job value" onChange={(event) => setValue(event.currentTarget.value)} /> : null}
          <Button text="Change outcome" tone="primary" onClick={() => void save()} disabled={!token} />
          <Text size={1} muted role="status">
            {message}
          </Text>
        </Flex>
        {call.history.length > 0 ? (
          <Stack gap={2}>
            <Text size={1} weight="semibold">
              Changes
            </Text>
            {call.history.map((change, index) => (
              <Text key={index} size={0} muted>
                {callTime({ at: new Date(change.at).toISOString() }, zone)} · {change.by === 'rules' ? 'the rules' : change.by}:{' '}
                {change.by === 'billing' ? change.reason : `${change.fromOutcome || 'none'} → ${change.outcome}${change.value !== null ? ` (${change.value})` : ''}`}
              </Text>
            ))}
          </Stack>
        ) : null}
      </Stack>
    </Card>
  )
}
