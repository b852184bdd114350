import { createClient } from 'next-sanity'
import { defineEnableDraftMode } from 'next-sanity/draft-mode'
import { serverConfig } from '@/lib/config'

/**
 * Turns on draft preview for the Studio's Presentation tool. The request must carry the preview
 * secret the Studio created (checked against the Content Lake); anything else is refused.
 * Without a Sanity project and a read token there are no drafts to preview.
 */
export async function GET(request: Request) {
  const config = serverConfig().sanity
  if (!config?.token) {
    return Response.json({ message: 'Preview needs NEXT_PUBLIC_SANITY_PROJECT_ID and SANITY_API_READ_TOKEN.' }, { status: 404 })
  }
  const client = createClient({
    projectId: config.projectId,
    dataset: config.dataset,
    apiVersion: config.apiVersion,
    token: config.token,
    useCdn: false,
    ...(config.apiHost ? { apiHost: config.apiHost, useProjectHostname: false } : {}),
  })
  return defineEnableDraftMode({ client }).GET(request as Parameters<ReturnType<typeof defineEnableDraftMode>['GET']>[0])
}
