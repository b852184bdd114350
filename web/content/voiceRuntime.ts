import { serverConfig } from '../lib/config.ts'
import { callerHashSecret } from '../lib/calls/callerKey.ts'
import { configuredVoiceDb } from '../lib/calls/db.ts'
import { settingsCache } from '../lib/calls/settingsCache.ts'
import { type VoiceDeps } from '../lib/calls/webhooks.ts'
import { voiceRecorder } from '../lib/calls/voiceQueue.ts'
import { storeRouting } from '../lib/calls/routing.ts'
import { readVoiceSettings } from './voiceContent.ts'

/** The process's call tracking: settings in memory, one write queue to the store, Twilio's token from the environment. */
const cache = settingsCache(() => readVoiceSettings())
const recorder = voiceRecorder(configuredVoiceDb)
const routing = storeRouting(configuredVoiceDb)

export function voiceDeps(): VoiceDeps {
  return {
    authToken: process.env.TWILIO_AUTH_TOKEN ?? '',
    siteUrl: serverConfig().siteUrl,
    callerSecret: callerHashSecret(),
    settings: () => cache.get(),
    recorder,
    routing,
  }
}

export const voiceSettingsNow = () => cache.get()
