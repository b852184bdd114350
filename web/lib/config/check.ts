import { envSchema, present, type Env } from './env.ts'

/**
 * The problems of an environment, named per variable: errors stop `next build` and `npm start`; warnings are
 * printed. Besides each variable's own rule: the pairs that must be set together, and Sanity settings that
 * do nothing without a project.
 */

export interface EnvProblems {
  errors: string[]
  warnings: string[]
}

export function checkEnv(env: Env): EnvProblems {
  const values = present(env)
  const parsed = envSchema().safeParse(values)
  const errors = parsed.success ? [] : parsed.error.issues.map((issue) => issue.message)
  const warnings: string[] = []
  if (!values.NEXT_PUBLIC_SANITY_PROJECT_ID) {
    for (const name of ['SANITY_API_READ_TOKEN', 'SANITY_REVALIDATE_SECRET', 'SANITY_API_HOST']) {
      if (values[name]) warnings.push(`${name} is set but NEXT_PUBLIC_SANITY_PROJECT_ID is not: the site serves the bundled dataset and ignores it.`)
    }
  } else if (!values.SANITY_REVALIDATE_SECRET) {
    warnings.push('SANITY_REVALIDATE_SECRET is not set: publishes reach the site only after the hourly refresh.')
  }
  for (const [id, token] of [['CLOUDFLARE_ZONE_ID', 'CLOUDFLARE_API_TOKEN'], ['FASTLY_SERVICE_ID', 'FASTLY_API_TOKEN'], ['CONVERSIONS_FEED_USER', 'CONVERSIONS_FEED_PASSWORD']] as const) {
    if (Boolean(values[id]) !== Boolean(values[token])) errors.push(`${values[id] ? token : id} is missing: set it with ${values[id] ? id : token}, or unset both.`)
  }
  if (values.SMTP_URL && !values.MAIL_FROM) errors.push('MAIL_FROM is missing: the portal\'s sign-in links need a sender with SMTP_URL, e.g. Local Pest Experts <calls@example.com>.')
  if (Boolean(values.SUPABASE_URL) !== Boolean(values.SUPABASE_ANON_KEY)) {
    errors.push(values.SUPABASE_URL ? 'SUPABASE_ANON_KEY is missing: set it with SUPABASE_URL, or unset both.' : 'SUPABASE_URL is missing: set it with SUPABASE_ANON_KEY, or unset both.')
  }
  return { errors, warnings }
}

/** Throws one error naming every problem (see .env.example); prints the warnings. */
export function assertEnv(env: Env, warn: (message: string) => void = console.warn): void {
  const { errors, warnings } = checkEnv(env)
  for (const warning of warnings) warn(`⚠ ${warning}`)
  if (errors.length > 0) throw new Error(`Fix the environment (see .env.example):\n- ${errors.join('\n- ')}`)
}
