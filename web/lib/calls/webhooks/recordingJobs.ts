import { forgetRecordings } from '../outcomes/media.ts'
import type { VoiceSettings } from '../settings.ts'
import type { VoiceRecorder } from '../store/voiceQueue.ts'

/** The recording records the voice webhooks queue: a recording Twilio announced, and old ones forgotten. */
const DAY_MS = 86_400_000
const RECORDING_SID = /^RE[0-9a-f]{32}$/i

/** Notes a recording Twilio announced (a dialed call's, or a voicemail's on the `<Record action>`). */
export function noteRecording(params: URLSearchParams, deps: { recorder: VoiceRecorder }): boolean {
  const recordingSid = params.get('RecordingSid') ?? ''
  const status = params.get('RecordingStatus')
  if (!RECORDING_SID.test(recordingSid) || (status && status !== 'completed')) return false
  const callSid = params.get('CallSid')!
  const seconds = Number(params.get('RecordingDuration') ?? '0')
  deps.recorder.enqueue({ key: `recording:${callSid}:${recordingSid}`, kind: 'recording', data: { recording: { callSid, recordingSid, url: params.get('RecordingUrl') ?? '', seconds: Number.isFinite(seconds) ? seconds : 0 } } })
  return true
}

/** Once an hour at most: recordings and transcripts past the retention days forgotten here and deleted at Twilio. */
export function forgetOldRecordings(deps: { recorder: VoiceRecorder; deleteRecording?: (recordingSid: string) => Promise<void> }, settings: Pick<VoiceSettings, 'recordingRetentionDays'>, now: number): void {
  deps.recorder.daily('forget-recordings', now, async (db) => {
    const sids = await forgetRecordings(db, now - settings.recordingRetentionDays * DAY_MS)
    for (const sid of sids) {
      await deps.deleteRecording?.(sid).catch((error: unknown) => console.error(`[voice] recording ${sid} not deleted at Twilio: ${error instanceof Error ? error.message : String(error)}`))
    }
  })
}
