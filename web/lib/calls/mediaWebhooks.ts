import { forgetRecordings } from './outcomes/media.ts'
import type { VoiceSettings } from './settings.ts'
import { forbidden, verifiedParams, type VoiceDeps, type WebhookAnswer, type WebhookRequest } from './webhooks.ts'

/**
 * Twilio's callbacks about a recorded call: `POST /api/voice/recording` (the `<Dial recordingStatusCallback>`:
 * the recording is ready) and `POST /api/voice/transcription` (Real-Time Transcription's segments, and a
 * voicemail's `<Record transcribe>` text). Signed like the other webhooks; each queues one record and answers
 * at once. Twilio ignores what a status callback answers, so the answer is empty.
 */
const DAY_MS = 86_400_000
const done = (): WebhookAnswer => ({ status: 204, body: '', contentType: 'text/plain; charset=utf-8' })
const RECORDING_SID = /^RE[0-9a-f]{32}$/i

/** Notes a recording Twilio announced (a dialed call's, or a voicemail's on the `<Record action>`). */
export function noteRecording(params: URLSearchParams, deps: Pick<VoiceDeps, 'recorder'>): boolean {
  const recordingSid = params.get('RecordingSid') ?? ''
  const status = params.get('RecordingStatus')
  if (!RECORDING_SID.test(recordingSid) || (status && status !== 'completed')) return false
  const callSid = params.get('CallSid')!
  const seconds = Number(params.get('RecordingDuration') ?? '0')
  deps.recorder.enqueue({ key: `recording:${callSid}:${recordingSid}`, kind: 'recording', data: { recording: { callSid, recordingSid, url: params.get('RecordingUrl') ?? '', seconds: Number.isFinite(seconds) ? seconds : 0 } } })
  return true
}

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

/** Once an hour at most: recordings and transcripts past the retention days forgotten here and deleted at Twilio. */
export function forgetOldRecordings(deps: Pick<VoiceDeps, 'recorder' | 'deleteRecording'>, settings: Pick<VoiceSettings, 'recordingRetentionDays'>, now: number): void {
  deps.recorder.daily('forget-recordings', now, async (db) => {
    const sids = await forgetRecordings(db, now - settings.recordingRetentionDays * DAY_MS)
    for (const sid of sids) {
      await deps.deleteRecording?.(sid).catch((error: unknown) => console.error(`[voice] recording ${sid} not deleted at Twilio: ${error instanceof Error ? error.message : String(error)}`))
    }
  })
}
