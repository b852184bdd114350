import { answerInvite } from '@/content/portalOwner'

/** The provider document's "Send portal sign-in link" action, to a Studio user only (web/content/portalOwner.ts). */
export const dynamic = 'force-dynamic'

export async function POST(request: Request) {
  return answerInvite(request)
}
