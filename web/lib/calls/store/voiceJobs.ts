import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { recordIncoming, recordOutcome } from './callRecords.ts'
import { recordLeg, type CallLeg } from './legRecords.ts'
import { endCall, writeLateTake, writeLegAnswered, type CallEnded } from './callEnd.ts'
import type { UncheckedLeg } from '../routing/routing.ts'
import { recordOptOut, writeTextBack, type TextBackJob } from '../texts/textBack.ts'
import type { CallOutcome, IncomingCall, JoinRules, QualifyRules } from './types.ts'
import { recordRecording, recordTranscriptSegment, type RecordingNote, type TranscriptSegment } from '../outcomes/media.ts'
import type { OutcomeRules } from '../outcomes/rules.ts'

/** JoinRules as plain data: a job travels as JSON on its way to the store. */
export interface JoinRulesData {
  pool: string[]
  campaignNumbers: [string, string][]
}

export const joinRulesData = (rules: { pool: readonly string[]; campaignNumbers: ReadonlyMap<string, string> }): JoinRulesData => ({
  pool: [...rules.pool],
  campaignNumbers: [...rules.campaignNumbers],
})

const joinRules = (data: JoinRulesData): JoinRules => ({ pool: data.pool, campaignNumbers: new Map(data.campaignNumbers) })

/**
 * Every record a voice webhook makes, as plain data and the one function that writes it. The webhook answers
 * Twilio at once and hands the job to the voice queue (voiceQueue.ts), which writes it when the store answers:
 * a job may be written again after a failure, so each writer is idempotent per job key. A new kind of record
 * is one entry here.
 */
export const voiceWriters = {
  // One transaction each: a write that fails halfway leaves nothing, so its retry is not taken for a replay.
  incoming: (db: Kysely<Database>, data: { call: IncomingCall; rules: JoinRulesData & { outcomes?: OutcomeRules } }) =>
    db.transaction().execute((trx) => recordIncoming(trx, data.call, { ...joinRules(data.rules), outcomes: data.rules.outcomes })),
  status: (db: Kysely<Database>, data: { outcome: CallOutcome; rules: JoinRulesData & QualifyRules }) =>
    db.transaction().execute((trx) => recordOutcome(trx, data.outcome, { ...data.rules, ...joinRules(data.rules) })),
  recording: (db: Kysely<Database>, data: { recording: RecordingNote }) => recordRecording(db, data.recording),
  transcript: (db: Kysely<Database>, data: { segment: TranscriptSegment; outcomes?: OutcomeRules }) =>
    db.transaction().execute((trx) => recordTranscriptSegment(trx, data.segment, data.outcomes)),
  leg: (db: Kysely<Database>, data: CallLeg) => db.transaction().execute((trx) => recordLeg(trx, data)),
  lateTake: (db: Kysely<Database>, data: UncheckedLeg) => writeLateTake(db, data),
  legAnswered: (db: Kysely<Database>, data: { callSid: string; seq: number; at: number }) => writeLegAnswered(db, data),
  callEnded: (db: Kysely<Database>, data: Omit<CallEnded, 'rules'> & { rules: JoinRulesData & QualifyRules }) => endCall(db, { ...data, rules: { ...data.rules, ...joinRules(data.rules) } }),
  textBack: (db: Kysely<Database>, data: TextBackJob) => writeTextBack(db, data),
  smsOptOut: (db: Kysely<Database>, data: { callerKey: string; stopped: boolean; at: number }) => recordOptOut(db, data),
} satisfies Record<string, (db: Kysely<Database>, data: never) => Promise<unknown>>

export type VoiceJobKind = keyof typeof voiceWriters

/** One record to write: `key` names it once (endpoint and CallSid, plus a sequence where one call makes several). */
export type VoiceJob = { [K in VoiceJobKind]: { key: string; kind: K; data: Parameters<(typeof voiceWriters)[K]>[1] } }[VoiceJobKind]

export function writeVoiceJob(db: Kysely<Database>, job: VoiceJob): Promise<unknown> {
  const write = voiceWriters[job.kind] as (db: Kysely<Database>, data: VoiceJob['data']) => Promise<unknown>
  return write(db, job.data)
}
