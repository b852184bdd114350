import { conversionFindings, footerLinkFindings, legalFindings, pestPhotoFindings, phoneFindings, textBackFindings } from './contentChecks.ts'
import type { Finding, LaunchConfig, LaunchFacts } from './findings.ts'
import { messagingServiceFindings, providerLicenceFindings, ratingSourceFindings } from './complianceChecks.ts'
import { portalMailFindings } from './portalChecks.ts'
import { numbersStoreFindings, revalidationFindings, robotsFindings, siteSecretFindings, siteUrlFindings, supabaseFindings } from './setupChecks.ts'

/**
 * The launch preflight (`npm run check:launch`, and a warning per finding when the production server
 * starts): what would make the live site lose calls, leads or trust. Pure: the configuration and the
 * facts gathered from the content (web/content/launchCheck.ts) in, findings out. Each finding says
 * what is wrong and where to change it (the Studio field as editors see it, or the variable).
 * The checks themselves: setupChecks.ts (environment and deployment), contentChecks.ts (what editors set),
 * complianceChecks.ts (texts, licences and ratings as the rules ask).
 */

export type { Finding, FindingId, LaunchConfig, LaunchContent, LaunchFacts, LaunchSettings, PageRatings, SupabaseProbe } from './findings.ts'
export { isLocalHost, robotsBlocksEverything } from './setupChecks.ts'

/** Every finding, blocking ones first, in the order an owner would fix them. */
export function launchFindings(config: LaunchConfig, facts: LaunchFacts): Finding[] {
  const findings = [
    ...siteUrlFindings(config.siteUrl),
    ...phoneFindings(facts.content.settings),
    ...textBackFindings(config, facts.content.settings),
    ...messagingServiceFindings(config, facts.content),
    ...ratingSourceFindings(facts.content),
    ...revalidationFindings(config),
    ...siteSecretFindings(config),
    ...legalFindings(facts.content),
    ...robotsFindings(facts.robots),
    ...supabaseFindings(config, facts.supabase),
    ...numbersStoreFindings(config),
    ...conversionFindings(facts.content.settings),
    ...pestPhotoFindings(config, facts.content),
    ...footerLinkFindings(facts.content),
    ...providerLicenceFindings(facts.content),
    ...portalMailFindings(config, facts.content),
  ]
  return [...findings.filter((finding) => finding.severity === 'blocking'), ...findings.filter((finding) => finding.severity === 'warning')]
}

/** One line per finding: for the CLI and for the server's start-up warnings. */
export function findingLine(finding: Finding): string {
  return `${finding.severity === 'blocking' ? '✗ blocking' : '⚠ warning'} [${finding.id}] ${finding.message} Fix: ${finding.fix}`
}

/** The last line: what the counts mean for the launch. */
export function findingsSummary(findings: Finding[]): string {
  const blocking = findings.filter((finding) => finding.severity === 'blocking').length
  const warnings = findings.length - blocking
  const counts = `${blocking} blocking, ${warnings} warning${warnings === 1 ? '' : 's'}`
  return blocking > 0 ? `Not ready for launch: ${counts}. Fix the blocking findings, then run npm run check:launch again.` : `Ready for launch: ${counts}.`
}
