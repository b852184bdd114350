/**
 * Server-only values npm test's build is made with (scripts/testBuild.ts), so the browser tests can prove none
 * reaches a client bundle, a prerendered page or a served page: a deployment builds with its real secrets in
 * its environment. Without a Sanity project the site ignores both (the build prints a warning saying so).
 */
export const PLANTED_SECRETS = {
  SANITY_API_READ_TOKEN: 'planted-read-token-7c1e9a',
  SANITY_REVALIDATE_SECRET: 'planted-webhook-secret-52d0f4',
} as const
