/**
 * Studio-side settings. The Studio needs a project id even offline (schema validation, typegen and
 * `sanity build` run without one), so a clearly fake id stands in until a real project is configured.
 */
export const studioEnv = {
  projectId: process.env.NEXT_PUBLIC_SANITY_PROJECT_ID || process.env.SANITY_STUDIO_PROJECT_ID || 'offline0',
  dataset: process.env.NEXT_PUBLIC_SANITY_DATASET || process.env.SANITY_STUDIO_DATASET || 'production',
  apiVersion: process.env.NEXT_PUBLIC_SANITY_API_VERSION || '2025-06-01',
}
