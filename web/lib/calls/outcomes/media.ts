import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { redecideOutcome } from './records.ts'
import type { OutcomeRules } from './rules.ts'

/**
 * What Twilio keeps of a recorded call, as the call store notes it: the recording's id, length and address
 * (the audio itself stays with Twilio), and the transcript's final segments — each segment once, and the
 * call's outcome decided again as each arrives, even long after the call ended.
 */
export interface RecordingNote {
  callSid: string
  recordingSid: string
  url: string
  seconds: number
}

export interface TranscriptSegment {
  callSid: string
  /** live: Real-Time Transcription of the answered call; voicemail: `<Record transcribe>`. */
  source: 'live' | 'voicemail'
  /** Twilio's Track (inbound_track: the caller; outbound_track: the business), or 'voicemail'. */
  track: string
  sequence: number
  text: string
  at: number
}

export async function recordRecording(db: Kysely<Database>, note: RecordingNote): Promise<boolean> {
  const result = await db
    .updateTable('voice_calls')
    .set({ recording_sid: note.recordingSid, recording_url: note.url.slice(0, 300), recording_seconds: Math.max(0, Math.round(note.seconds)) })
    .where('call_sid', '=', note.callSid)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

export async function recordTranscriptSegment(db: Kysely<Database>, segment: TranscriptSegment, rules?: OutcomeRules): Promise<void> {
  await db
    .insertInto('voice_transcripts')
    .values({ call_sid: segment.callSid, source: segment.source, track: segment.track.slice(0, 32), sequence: segment.sequence, text: segment.text.slice(0, 4000), received_at: segment.at })
    .onConflict((conflict) => conflict.columns(['call_sid', 'source', 'track', 'sequence']).doNothing())
    .execute()
  if (rules) await redecideOutcome(db, segment.callSid, rules, segment.at)
}

/** Recordings and transcripts of calls started before `before`: forgotten here; the ids returned so Twilio deletes the audio too. */
export async function forgetRecordings(db: Kysely<Database>, before: number): Promise<string[]> {
  const old = await db.selectFrom('voice_calls').select(['call_sid', 'recording_sid']).where('started_at', '<', before).where('recording_sid', 'is not', null).execute()
  const sids = old.map((row) => row.call_sid)
  if (sids.length > 0) await db.updateTable('voice_calls').set({ recording_sid: null, recording_url: null }).where('call_sid', 'in', sids).execute()
  const stale = db.selectFrom('voice_calls').select('call_sid').where('started_at', '<', before)
  await db.deleteFrom('voice_transcripts').where('call_sid', 'in', stale).execute()
  return old.map((row) => row.recording_sid!).filter(Boolean)
}
