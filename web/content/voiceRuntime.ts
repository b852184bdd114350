import { sql } from 'kysely'
import { serverConfig } from '../lib/config.ts'
import { withinMs } from '../lib/calls/deadline.ts'
import { callerHashSecret } from '../lib/calls/callerKey.ts'
import { configuredVoiceDb } from '../lib/calls/store/db.ts'
import { settingsCache } from '../lib/calls/settingsCache.ts'
import { type VoiceDeps } from '../lib/calls/webhooks/voice.ts'
import { voiceRecorder } from '../lib/calls/store/voiceQueue.ts'
import type { VoiceJob } from '../lib/calls/store/voiceJobs.ts'
import { sqliteOutbox } from '../lib/db/outbox.ts'
import { outboxFile } from '../lib/taps/index.ts'
import { deleteRecordingAt } from '../lib/calls/twilioRecordings.ts'
import { storeRouting } from '../lib/calls/routing/routing.ts'
import { readVoiceSettings } from './voiceContent.ts'
import { waitingTextsTimer } from '../lib/calls/texts/budget.ts'
import { configuredMessages } from '../lib/calls/texts/twilioMessages.ts'

/** The process's call tracking: settings in memory, one write queue to the store, Twilio's token from the environment. */
const cache = settingsCache(() => readVoiceSettings())
/** The voice records' own outbox file beside the taps' (each file holds one kind of job): outbox-voice.sqlite. */
export const voiceOutboxFile = () => outboxFile().replace(/(\.sqlite)?$/, '-voice.sqlite')
const recorder = voiceRecorder(configuredVoiceDb, { outbox: sqliteOutbox<VoiceJob>(voiceOutboxFile()) })
const routing = storeRouting(configuredVoiceDb)
/** Texts that waited for the hour's budget go out as it frees up (checked each minute; web/lib/calls/texts/budget.ts). */
waitingTextsTimer(configuredVoiceDb, async () => {
  const settings = await cache.get()
  return settings?.enabled ? { perHour: settings.textsPerHour, api: configuredMessages() } : undefined
})

export function voiceDeps(): VoiceDeps {
  return {
    authToken: serverConfig().twilioAuthToken ?? '',
    siteUrl: serverConfig().siteUrl,
    callerSecret: callerHashSecret(),
    settings: () => cache.get(),
    recorder,
    deleteRecording: (sid: string) => {
      const twilio = serverConfig().twilio
      return twilio ? deleteRecordingAt(twilio, sid) : Promise.resolve()
    },
    routing,
  }
}

export const voiceSettingsNow = () => cache.get()

/**
 * Opens the store (a SQLite file migrates itself on open) and waits until it answers, at most `limitMs`: the
 * server calls it before it takes its first request, so the first call's cap check never meets a cold store.
 * A store still not answering is only reported: calls are routed and their takes written once it answers.
 */
export async function warmVoiceStore(limitMs = 10_000): Promise<void> {
  const answered = await withinMs(
    configuredVoiceDb()
      .then((db) => sql`select 1`.execute(db))
      .then(
        () => true,
        (error: unknown) => {
          console.error(`[voice] the store did not open at start: ${error instanceof Error ? error.message : String(error)}`)
          return false
        },
      ),
    limitMs,
  )
  if (answered === undefined) console.error(`[voice] the store did not answer within ${limitMs / 1000} s at start: calls are routed and their caps checked once it answers`)
}

