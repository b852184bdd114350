import { createClient } from '@sanity/client'
import { readConfig, type Env } from '../lib/config.ts'
import { publishedClientConfig } from '../lib/sanity/publishedClient.ts'
import { bundledDocuments, queryDocuments } from '../lib/sanity/localDataset.ts'
import { datasetPath } from '../lib/sanity/contentSource.ts'
import { voiceSettings, type VoiceSettings } from '../lib/calls/settings.ts'
import { parseProviders, type ProviderFields } from '../lib/providers/provider.ts'
import type { ProvidersQueryResult, RoutingPestsQueryResult, VoiceSettingsQueryResult } from '../sanity.types.ts'
import { providersQuery, routingPestsQuery, voiceSettingsQuery } from './queries.ts'

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
  const client = config.sanity ? createClient(publishedClientConfig(config.sanity)) : null
  const read = <T,>(query: string): Promise<T> =>
    client ? client.fetch<T>(query, {}, { signal: AbortSignal.timeout(3_000) }) : (queryDocuments(bundledDocuments(), query) as Promise<T>)
  const [result, providerFields, pestFields] = await Promise.all([read<VoiceSettingsQueryResult>(voiceSettingsQuery), read<ProvidersQueryResult>(providersQuery), read<RoutingPestsQueryResult>(routingPestsQuery)])
  const site = { phone: result?.phone, brandName: result?.brandName, trackingNumbers: result?.trackingNumbers }
  const base = voiceSettings(result?.callTracking, site, result?.callOutcomes ?? null)
  const providers = base.routing.routing ? parseProviders((providerFields ?? []) as ProviderFields[], base.minTalkSeconds, { ...site, pool: base.pool }) : []
  const pests = (pestFields ?? []).map((pest) => ({ id: pest._id, name: pest.name ?? '', words: (pest.matchWords ?? []).filter((word): word is string => typeof word === 'string') }))
  // A provider calling the line is never a lead (Call outcomes: the providers' and staff's own numbers).
  const outcomes = { ...base.outcomes, staffNumbers: [...new Set([...base.outcomes.staffNumbers, ...providers.map((provider) => provider.phone)])] }
  return { ...base, providers, pests, outcomes }
}

/** Which content the settings come from, for a script's standard error. */
export function voiceContentSource(env: Env = process.env): string {
  const config = readConfig(env)
  if (config.sanity) return `Sanity project ${config.sanity.projectId}, dataset ${config.sanity.dataset}`
  return config.datasetFile ? `CONTENT_DATASET_FILE ${datasetPath(config.datasetFile)}` : `the bundled content ${datasetPath(config.datasetFile)}`
}
