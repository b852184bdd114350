import { isIP } from 'node:net'

/**
 * Checks the environment when the site builds or starts, naming each missing or invalid variable.
 * Errors stop the start (a half-configured backend would fail later in confusing ways); warnings
 * are printed.
 */
export interface EnvProblems {
  errors: string[]
  warnings: string[]
}

const set = (value: string | undefined) => typeof value === 'string' && value.trim() !== ''

function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol)
  } catch {
    return false
  }
}

export function checkEnv(env: Record<string, string | undefined>): EnvProblems {
  const errors: string[] = []
  const warnings: string[] = []
  const projectId = env.NEXT_PUBLIC_SANITY_PROJECT_ID?.trim()
  if (projectId && !/^[a-z0-9-]+$/.test(projectId)) {
    errors.push(`NEXT_PUBLIC_SANITY_PROJECT_ID "${projectId}" is not a Sanity project id (lower-case letters, digits and dashes).`)
  }
  const dataset = env.NEXT_PUBLIC_SANITY_DATASET?.trim()
  if (dataset && !/^[a-z0-9_-]{1,64}$/.test(dataset)) errors.push(`NEXT_PUBLIC_SANITY_DATASET "${dataset}" is not a valid dataset name.`)
  const apiVersion = env.NEXT_PUBLIC_SANITY_API_VERSION?.trim()
  if (apiVersion && !/^\d{4}-\d{2}-\d{2}$/.test(apiVersion)) errors.push(`NEXT_PUBLIC_SANITY_API_VERSION "${apiVersion}" must be a date like 2025-06-01.`)
  if (set(env.SANITY_API_HOST) && !isHttpUrl(env.SANITY_API_HOST!.trim())) errors.push('SANITY_API_HOST must be an http(s) URL.')
  if (!projectId) {
    for (const name of ['SANITY_API_READ_TOKEN', 'SANITY_REVALIDATE_SECRET', 'SANITY_API_HOST']) {
      if (set(env[name])) warnings.push(`${name} is set but NEXT_PUBLIC_SANITY_PROJECT_ID is not: the site serves the bundled dataset and ignores it.`)
    }
  } else if (!set(env.SANITY_REVALIDATE_SECRET)) {
    warnings.push('SANITY_REVALIDATE_SECRET is not set: publishes reach the site only after the hourly refresh.')
  }
  const supabaseUrl = env.SUPABASE_URL?.trim()
  if (supabaseUrl && !isHttpUrl(supabaseUrl)) errors.push(`SUPABASE_URL "${supabaseUrl}" is not an http(s) URL.`)
  if (set(env.SUPABASE_URL) !== set(env.SUPABASE_ANON_KEY)) {
    errors.push(set(env.SUPABASE_URL) ? 'SUPABASE_ANON_KEY is missing: set it with SUPABASE_URL, or unset both.' : 'SUPABASE_URL is missing: set it with SUPABASE_ANON_KEY, or unset both.')
  }
  if (set(env.NEXT_PUBLIC_SITE_URL) && !isHttpUrl(env.NEXT_PUBLIC_SITE_URL!.trim())) errors.push('NEXT_PUBLIC_SITE_URL must be an http(s) URL.')
  for (const address of (env.TRUSTED_PROXIES ?? '').split(',').map((part) => part.trim()).filter(Boolean)) {
    if (isIP(address) === 0) errors.push(`TRUSTED_PROXIES: "${address}" is not an IP address (list the proxies' addresses, comma-separated).`)
  }
  return { errors, warnings }
}
