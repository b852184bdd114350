import { createClient } from '@sanity/client'
import { readConfig, type Env } from '../lib/config.ts'
import { publishedClientConfig } from '../lib/sanity/publishedClient.ts'
import { bundledDocuments, queryDocuments } from '../lib/sanity/localDataset.ts'
import { datasetPath } from '../lib/sanity/contentSource.ts'
import { voiceSettings, type VoiceSettings } from '../lib/calls/settings.ts'
import type { VoiceSettingsQueryResult } from '../sanity.types.ts'
import { voiceSettingsQuery } from './queries.ts'

/**
 * Site settings → Call tracking and Call outcomes as the webhooks, the lease endpoint and the export scripts
 * read them: the published content of the Sanity project when one is configured, else the NDJSON file the
 * site serves (CONTENT_DATASET_FILE, else the bundled dataset) — the one reading every export shares, so a
 * shell export never carries another time zone or value than the feed. No next/* imports (the scripts run
 * outside Next) and no Next fetch cache (the webhooks keep their own copy in memory,
 * web/lib/calls/settingsCache.ts).
 */
export async function readVoiceSettings(env: Env = process.env): Promise<VoiceSettings> {
  const config = readConfig(env)
  const result = config.sanity
    ? await createClient(publishedClientConfig(config.sanity)).fetch<VoiceSettingsQueryResult>(voiceSettingsQuery, {}, { signal: AbortSignal.timeout(3_000) })
    : ((await queryDocuments(bundledDocuments(), voiceSettingsQuery)) as VoiceSettingsQueryResult)
  return voiceSettings(result?.callTracking, { phone: result?.phone, trackingNumbers: result?.trackingNumbers }, result?.callOutcomes ?? null)
}

/** Which content the settings come from, for a script's standard error. */
export function voiceContentSource(env: Env = process.env): string {
  const config = readConfig(env)
  if (config.sanity) return `Sanity project ${config.sanity.projectId}, dataset ${config.sanity.dataset}`
  return config.datasetFile ? `CONTENT_DATASET_FILE ${datasetPath(config.datasetFile)}` : `the bundled content ${datasetPath(config.datasetFile)}`
}
