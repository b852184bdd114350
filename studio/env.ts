import { studioConfig } from '../web/lib/config.ts'

/**
 * Studio-side settings (defaults and rules: web/lib/config.ts). The Studio runs in the browser,
 * where only literal `process.env.NEXT_PUBLIC_…` / `SANITY_STUDIO_…` reads are replaced by their
 * values, so each variable is read here by name.
 */
export const studioEnv = studioConfig({
  NEXT_PUBLIC_SANITY_PROJECT_ID: process.env.NEXT_PUBLIC_SANITY_PROJECT_ID,
  SANITY_STUDIO_PROJECT_ID: process.env.SANITY_STUDIO_PROJECT_ID,
  NEXT_PUBLIC_SANITY_DATASET: process.env.NEXT_PUBLIC_SANITY_DATASET,
  SANITY_STUDIO_DATASET: process.env.SANITY_STUDIO_DATASET,
  NEXT_PUBLIC_SANITY_API_VERSION: process.env.NEXT_PUBLIC_SANITY_API_VERSION,
  NEXT_PUBLIC_SANITY_API_HOST: process.env.NEXT_PUBLIC_SANITY_API_HOST,
  NEXT_PUBLIC_SANITY_LAKE_PORT: process.env.NEXT_PUBLIC_SANITY_LAKE_PORT,
})
