import { answerPortalRecording } from '@/content/portalDownloads'

/** A call's recording, to the provider whose conversation it was (web/content/portalDownloads.ts). */
export const dynamic = 'force-dynamic'

export async function GET(request: Request, { params }: { params: Promise<{ callSid: string }> }) {
  return answerPortalRecording(request, (await params).callSid)
}
