import { createClient } from '@sanity/client'
import { readConfig, type Env } from '../lib/config.ts'
import { publishedClientConfig } from '../lib/sanity/publishedClient.ts'
import { bundledDocuments, queryDocuments } from '../lib/sanity/localDataset.ts'
import { VOICE_DEFAULTS } from '../lib/calls/settings.ts'
import { DISPUTE_DAYS_DEFAULT, portalProviders, type PortalContent } from '../lib/portal/access.ts'
import { portalWords } from '../lib/portal/words.ts'
import type { PortalContentQueryResult } from '../sanity.types.ts'
import { portalContentQuery } from './queries.ts'

/**
 * What the provider portal reads of the content: the providers with their portal e-mails, the settings it shows
 * by and its words — the published content of the Sanity project when one is configured, else the NDJSON file
 * the site serves (as the voice webhooks read theirs, web/content/voiceContent.ts). No next/* imports:
 * `npm run providers:invite` reads it too. Kept in memory for a few seconds (`portalContentCache`), so an address
 * the owner removes, or a provider turned off, signs out within them.
 */
export async function readPortalContent(env: Env = process.env): Promise<PortalContent> {
  const config = readConfig(env)
  const result = config.sanity
    ? await createClient(publishedClientConfig(config.sanity)).fetch<PortalContentQueryResult>(portalContentQuery, {}, { signal: AbortSignal.timeout(3_000) })
    : ((await queryDocuments(bundledDocuments(), portalContentQuery)) as PortalContentQueryResult)
  const settings = result.settings
  const whole = (value: number | null | undefined, fallback: number, max: number) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.min(max, Math.round(value)) : fallback)
  return {
    providers: portalProviders(result.providers, whole(settings?.minTalkSeconds, VOICE_DEFAULTS.minTalkSeconds, 3600)),
    brandName: settings?.brandName ?? '',
    siteTimeZone: settings?.timeZone || VOICE_DEFAULTS.timeZone,
    disputeDays: whole(settings?.disputeDays, DISPUTE_DAYS_DEFAULT, 90),
    currency: settings?.currency || VOICE_DEFAULTS.conversionCurrency,
    words: portalWords(result.words),
  }
}

/** The content as read at most `ttlMs` ago (a read at a time; a failed read keeps the last copy). */
export function portalContentCache(load: () => Promise<PortalContent> = () => readPortalContent(), { ttlMs = 5_000, now = () => Date.now() } = {}): () => Promise<PortalContent> {
  let value: PortalContent | undefined
  let readAt = -Infinity
  let reading: Promise<PortalContent> | null = null
  return () => {
    if (value && now() - readAt < ttlMs) return Promise.resolve(value)
    reading ??= load()
      .then((content) => {
        value = content
        readAt = now()
        return content
      })
      .catch((error: unknown) => {
        if (!value) throw error
        console.error(`[portal] content not read, the last copy kept: ${error instanceof Error ? error.message : String(error)}`)
        return value
      })
      .finally(() => {
        reading = null
      })
    return reading
  }
}
