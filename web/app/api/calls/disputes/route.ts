import { answerOwnerDecision, answerOwnerDisputes } from '@/content/portalOwner'

/** The Calls tool's disputes and pauses (GET) and the owner's accept or refuse (POST), to a Studio user only (web/content/portalOwner.ts). */
export const dynamic = 'force-dynamic'

export async function GET(request: Request) {
  return answerOwnerDisputes(request)
}

export async function POST(request: Request) {
  return answerOwnerDecision(request)
}
