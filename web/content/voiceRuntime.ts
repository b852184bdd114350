import { serverConfig } from '../lib/config.ts'
import { callerHashSecret } from '../lib/voice/callerKey.ts'
import { configuredVoiceDb } from '../lib/voice/db.ts'
import { settingsCache } from '../lib/voice/settingsCache.ts'
import { voiceRecorder, type VoiceDeps } from '../lib/voice/webhooks.ts'
import { readVoiceSettings } from './voiceContent.ts'

/** The process's call tracking: settings in memory, one write queue to the store, Twilio's token from the environment. */
const cache = settingsCache(() => readVoiceSettings())
const recorder = voiceRecorder(configuredVoiceDb)

export function voiceDeps(): VoiceDeps {
  return {
    authToken: process.env.TWILIO_AUTH_TOKEN ?? '',
    siteUrl: serverConfig().siteUrl,
    callerSecret: callerHashSecret(),
    settings: () => cache.get(),
    recorder,
  }
}

export const voiceSettingsNow = () => cache.get()
