import { createClient } from '@sanity/client'
import type { MetadataRoute } from 'next'
import { readConfig, type Config, type Env } from '../lib/config.ts'
import { launchFindings, type Finding, type LaunchContent, type LaunchFacts, type SupabaseProbe } from '../lib/launch/checks.ts'
import { probeSupabase } from '../lib/launch/supabaseProbe.ts'
import { robotsRules } from '../lib/robots.ts'
import { publishedClientConfig } from '../lib/sanity/publishedClient.ts'
import { bundledDocuments, queryDocuments } from '../lib/sanity/localDataset.ts'
import type { LaunchFactsQueryResult } from '../sanity.types.ts'
import { launchFactsQuery } from './queries.ts'

/**
 * Gathers what the launch check (web/lib/launch/checks.ts) needs, the way the site reads it: the
 * published content of the Sanity project when one is configured (the site's client settings), else
 * the bundled dataset through groq-js; robots.txt's rules; Supabase answering. Runs outside Next
 * (`npm run check:launch`, and web/server/main.ts after it listens), so no next/* imports here.
 */

async function launchContent(config: Config): Promise<LaunchFactsQueryResult> {
  if (config.sanity) return createClient(publishedClientConfig(config.sanity)).fetch<LaunchFactsQueryResult>(launchFactsQuery)
  return (await queryDocuments(bundledDocuments(), launchFactsQuery)) as LaunchFactsQueryResult
}

/**
 * What the site ships with: the legal texts (a live page still equal to one was never rewritten) and the sample
 * ratings (a live rating equal to one was never earned).
 */
async function bundledSamples(): Promise<Pick<LaunchContent, 'bundledLegalTexts' | 'bundledRatings'>> {
  try {
    const bundled = (await queryDocuments(bundledDocuments(), launchFactsQuery)) as LaunchFactsQueryResult
    return { bundledLegalTexts: bundled.legalPages.map((page) => page.text), bundledRatings: bundled.ratings }
  } catch {
    // A deployment without studio/dataset/: only the placeholder markers and the rating source are checked.
    return { bundledLegalTexts: [], bundledRatings: [] }
  }
}

export async function gatherLaunchFacts(config: Config): Promise<LaunchFacts> {
  const supabase: Promise<SupabaseProbe | null> = config.supabase ? probeSupabase(config.supabase) : Promise.resolve(null)
  const [content, samples, probe] = await Promise.all([launchContent(config), bundledSamples(), supabase])
  const facts: LaunchContent = { ...content, ...samples }
  const robots: MetadataRoute.Robots = robotsRules(config.siteUrl)
  return { content: facts, robots, supabase: probe }
}

/** The findings for an environment (process.env by default). */
export async function checkLaunch(env: Env = process.env): Promise<Finding[]> {
  const config = readConfig(env)
  return launchFindings(config, await gatherLaunchFacts(config))
}
