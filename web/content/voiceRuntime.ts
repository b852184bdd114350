import { serverConfig } from '../lib/config.ts'
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

/** The process's call tracking: settings in memory, one write queue to the store, Twilio's token from the environment. */
const cache = settingsCache(() => readVoiceSettings())
/** The voice records' own outbox file beside the taps' (each file holds one kind of job): outbox-voice.sqlite. */
export const voiceOutboxFile = () => outboxFile().replace(/(\.sqlite)?$/, '-voice.sqlite')
const recorder = voiceRecorder(configuredVoiceDb, { outbox: sqliteOutbox<VoiceJob>(voiceOutboxFile()) })
const routing = storeRouting(configuredVoiceDb)

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
