import { googleTagSources, type TrackerConfig } from '../lib/tracking/settings.ts'

/**
 * A page that loads the Google tag (Site settings → Tracking) needs Google's hosts in its policy;
 * every other page keeps the policy it has. The page says which tag it loads in its tracker
 * settings (<script id="call-tracking" type="application/json">, web/components/CallTracking.tsx).
 */
const TRACKER_SETTINGS = /<script id="call-tracking" type="application\/json">([\s\S]*?)<\/script>/

export function trackerSettings(html: string): TrackerConfig {
  const json = TRACKER_SETTINGS.exec(html)?.[1]
  if (!json) return {}
  try {
    const value: unknown = JSON.parse(json)
    return typeof value === 'object' && value !== null ? (value as TrackerConfig) : {}
  } catch {
    return {}
  }
}

export function withTagSources(policy: string, html: string): string {
  const settings = trackerSettings(html)
  if (!settings.origin || !/^https?:\/\/[^\s;'"]+$/.test(settings.origin) || !(settings.ads || settings.ga || settings.gtm)) return policy
  const sources = googleTagSources(settings.origin)
  return withSources(policy, { 'script-src': sources.script, 'connect-src': sources.connect, 'img-src': sources.img, 'frame-src': sources.frame })
}

/** The policy with these sources added to each named directive (a missing directive starts from 'self'). */
function withSources(policy: string, add: Readonly<Record<string, readonly string[]>>): string {
  const directives = policy
    .split(';')
    .map((directive) => directive.trim())
    .filter(Boolean)
  for (const [name, extra] of Object.entries(add)) {
    const index = directives.findIndex((directive) => directive.split(/\s+/)[0] === name)
    if (index === -1) directives.push([name, "'self'", ...extra].join(' '))
    else directives[index] = [...new Set([...directives[index]!.split(/\s+/), ...extra])].join(' ')
  }
  return directives.join('; ')
}
