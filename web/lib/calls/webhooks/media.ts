import { noteRecording } from './recordingJobs.ts'
import { forbidden, verifiedParams, type VoiceDeps, type WebhookAnswer, type WebhookRequest } from './voice.ts'

/**
 * Twilio's callbacks about a recorded call: `POST /api/voice/recording` (the `<Dial recordingStatusCallback>`:
 * the recording is ready) and `POST /api/voice/transcription` (Real-Time Transcription's segments, and a
 * voicemail's `<Record transcribe>` text). Signed like the other webhooks; each queues one record and answers
 * at once. Twilio ignores what a status callback answers, so the answer is empty.
 */
const done = (): WebhookAnswer => ({ status: 204, body: '', contentType: 'text/plain; charset=utf-8' })

export async function handleRecording(request: WebhookRequest, deps: VoiceDeps): Promise<WebhookAnswer> {
  const params = verifiedParams(request, deps)
  if (!params) return forbidden()
  noteRecording(params, deps)
  return done()
}

/** The spoken text of one Real-Time Transcription segment: TranscriptionData is JSON holding `transcript`. */
export function segmentText(data: string | null): string {
  try {
    const parsed = JSON.parse(data ?? '') as { transcript?: unknown }
    return typeof parsed.transcript === 'string' ? parsed.transcript.trim() : ''
  } catch {
    return ''
  }
}

export async function handleTranscription(request: WebhookRequest, deps: VoiceDeps): Promise<WebhookAnswer> {
  const params = verifiedParams(request, deps)
  if (!params) return forbidden()
  const now = deps.now?.() ?? Date.now()
  const settings = await deps.settings()
  const callSid = params.get('CallSid')!
  const voicemail = new URL(request.pathAndQuery, 'http://x').searchParams.has('voicemail') || params.has('TranscriptionText')
  let segment
  if (voicemail) {
    const text = (params.get('TranscriptionText') ?? '').trim()
    if (params.get('TranscriptionStatus') === 'completed' && text) segment = { callSid, source: 'voicemail' as const, track: 'voicemail', sequence: 0, text, at: now }
  } else if (params.get('TranscriptionEvent') === 'transcription-content' && params.get('Final') === 'true') {
    const text = segmentText(params.get('TranscriptionData'))
    const sequence = Number(params.get('SequenceId') ?? '')
    if (text && Number.isInteger(sequence)) segment = { callSid, source: 'live' as const, track: params.get('Track') ?? '', sequence, text, at: now }
  }
  if (segment) {
    deps.recorder.enqueue({ key: `transcript:${callSid}:${segment.source}:${segment.track}:${segment.sequence}`, kind: 'transcript', data: { segment, ...(settings ? { outcomes: settings.outcomes } : {}) } })
  }
  return done()
}

