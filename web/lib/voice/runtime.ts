import { serverConfig } from '../config.ts'
import { readVoiceSettings } from '../../content/voiceContent.ts'
import { callerHashSecret } from './callerKey.ts'
import { configuredVoiceDb } from './db.ts'
import { settingsCache } from './settingsCache.ts'
import { voiceRecorder, type VoiceDeps } from './webhooks.ts'

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

/** A store call with a deadline: the page's lease waits at most this long, then keeps the number it shows. */
export async function withinMs<T>(work: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms)
  })
  try {
    return await Promise.race([work, late])
  } finally {
    clearTimeout(timer)
  }
}
