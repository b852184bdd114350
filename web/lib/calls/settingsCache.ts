import { withinMs } from './deadline.ts'
import type { VoiceSettings } from './settings.ts'

/**
 * Call tracking's settings kept in memory, so a call is never held up by the content source: a fresh copy
 * is answered at once; a stale one is answered at once while a new read runs behind it; with none yet, the
 * read is awaited for at most `budgetMs`, then the caller gets what the webhook does without settings.
 */
export interface SettingsCache {
  get(): Promise<VoiceSettings | undefined>
}

export function settingsCache(load: () => Promise<VoiceSettings>, { ttlMs = 15_000, budgetMs = 25, now = () => Date.now() } = {}): SettingsCache {
  let value: VoiceSettings | undefined
  let readAt = 0
  let loading: Promise<VoiceSettings | undefined> | null = null

  function refresh(): Promise<VoiceSettings | undefined> {
    loading ??= load()
      .then((settings) => {
        value = settings
        readAt = now()
        return settings
      })
      .catch((error: unknown) => {
        console.error(`[voice] settings not read: ${error instanceof Error ? error.message : String(error)}`)
        return value
      })
      .finally(() => {
        loading = null
      })
    return loading
  }

  return {
    async get() {
      if (value && now() - readAt < ttlMs) return value
      const reading = refresh()
      if (value) return value
      return withinMs(reading, budgetMs)
    },
  }
}
