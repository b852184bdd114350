import { createClient } from '@sanity/client'
import { normalizeKeyword } from '../lib/personalization/keyword.ts'
import { AD_INPUT_NAMES, ARM_KEY, type Experiment, type PersonalizedRoute } from '../lib/personalization/variant.ts'
import { usableTrackingRules } from '../lib/trackingNumbers/trackingNumber.ts'
import { EXPERIMENT_NAME } from '../lib/personalization/header.ts'
import type { Config } from '../lib/config.ts'
import { publishedClientConfig } from '../lib/sanity/publishedClient.ts'
import { bundledDocuments, queryDocuments } from '../lib/sanity/localDataset.ts'
import type { PersonalizedPagesQueryResult, RouteSlugsQueryResult, SettingsQueryResult, TrackingNumberRulesQueryResult } from '../sanity.types.ts'
import { personalizedPagesQuery, routeSlugsQuery, settingsQuery, trackingNumberRulesQuery } from './queries.ts'

/**
 * What shapes a page besides its own document, read from content by both layers that serve pages: Next's
 * request hook (web/proxy.ts, through web/content/routing.ts) and the front (web/server/front.ts, through
 * `readPageShapes` here, outside Next). Both run the same `personalizedRoutesFrom` over the same queries,
 * so the front decides a visit (lib/personalization/visit.ts) exactly as the request hook would.
 * No next/* import: the front loads this module in plain Node.
 */
export interface ShapeContent {
  pages: PersonalizedPagesQueryResult
  homeSlug: string | null
  rules: TrackingNumberRulesQueryResult
  slugs: RouteSlugsQueryResult
  /** Call tracking is on with a number pool (Site settings). */
  numberPool?: boolean
}

/**
 * The pages that read ad inputs (a page's "Ad inputs" and "Approved keywords only"), run an A/B test (between
 * its start and stop at `now`), and, when Site settings have tracking-number rules, every page, since a
 * campaign's number must be on whichever page its ads land. The home page named in Site settings is at "/".
 */
export function personalizedRoutesFrom({ pages, homeSlug, rules, slugs, numberPool = false }: ShapeContent, now: number): PersonalizedRoute[] {
  const trackingNumbers = usableTrackingRules(rules)
  const bySlug = new Map<string, PersonalizedRoute>()
  for (const page of pages) {
    if (!page.slug) continue
    const fields = (page.adInputs ?? []).filter((name): name is (typeof AD_INPUT_NAMES)[number] => (AD_INPUT_NAMES as readonly string[]).includes(name))
    const approvedKeywords = (page.approvedKeywords ?? []).map((keyword) => normalizeKeyword(keyword)).filter(Boolean)
    const experiment = runningExperiment(page.experiment, now)
    if (fields.length === 0 && !experiment) continue
    bySlug.set(page.slug, {
      id: page.slug,
      path: pathOf(page.slug, homeSlug),
      fields,
      ...(approvedKeywords.length > 0 ? { approvedKeywords } : {}),
      ...(experiment ? { experiment } : {}),
    })
  }
  if (trackingNumbers.length > 0) {
    for (const slug of slugs) bySlug.set(slug, { ...(bySlug.get(slug) ?? { id: slug, path: pathOf(slug, homeSlug), fields: [] }), trackingNumbers })
  }
  // A pool number goes to an ad visit on whichever page it lands: every page gives a landing its token.
  if (numberPool) {
    const campaigns = trackingNumbers.flatMap((rule) => (rule.match === 'campaign' ? [rule.value.toLowerCase()] : []))
    for (const slug of slugs) bySlug.set(slug, { ...(bySlug.get(slug) ?? { id: slug, path: pathOf(slug, homeSlug), fields: [] }), landing: { campaigns } })
  }
  return [...bySlug.values()]
}

function pathOf(slug: string, homeSlug: string | null): string {
  return slug === homeSlug ? '/' : `/${slug}`
}

type ExperimentContent = PersonalizedPagesQueryResult[number]['experiment']

/** The test while it runs (between its start and stop), with usable versions only; else undefined. */
function runningExperiment(content: ExperimentContent, now: number): Experiment | undefined {
  if (!content?.name || !EXPERIMENT_NAME.test(content.name) || (content.start && Date.parse(content.start) > now) || (content.stop && Date.parse(content.stop) <= now)) return undefined
  const arms = (content.arms ?? []).flatMap((arm) => (arm.key && ARM_KEY.test(arm.key) && arm.weight && arm.weight > 0 ? [{ key: arm.key, weight: arm.weight }] : []))
  return arms.length >= 2 ? { name: content.name, arms } : undefined
}

/** The next moment a test starts or stops (ms), after `now`: when the routes must be read again. */
export function nextTestChange(pages: PersonalizedPagesQueryResult, now: number): number | undefined {
  const moments = pages.flatMap((page) => [page.experiment?.start, page.experiment?.stop]).flatMap((value) => (value ? [Date.parse(value)] : [])).filter((moment) => moment > now)
  return moments.length > 0 ? Math.min(...moments) : undefined
}

/**
 * The same content outside Next: the configured Sanity project's published documents (the site's client
 * settings, uncached), else the bundled dataset through groq-js.
 */
export async function readShapeContent(config: Pick<Config, 'sanity'>): Promise<ShapeContent> {
  const run: (query: string) => Promise<unknown> = config.sanity
    ? ((client) => (query: string) => client.fetch<unknown>(query, {}, { cache: 'no-store' }))(createClient({ ...publishedClientConfig(config.sanity), useCdn: false }))
    : (query: string) => queryDocuments(bundledDocuments(), query)
  const [pages, settings, rules, slugs] = await Promise.all([run(personalizedPagesQuery), run(settingsQuery), run(trackingNumberRulesQuery), run(routeSlugsQuery)])
  return {
    pages: (pages ?? []) as PersonalizedPagesQueryResult,
    homeSlug: (settings as SettingsQueryResult | null)?.homeSlug ?? null,
    rules: (rules ?? []) as TrackingNumberRulesQueryResult,
    slugs: (slugs ?? []) as RouteSlugsQueryResult,
    numberPool: (settings as SettingsQueryResult | null)?.numberPool === true,
  }
}
