import { serverConfig } from '../lib/config.ts'
import { fetchRecordingAudio } from '../lib/calls/twilioRecordings.ts'
import { providerCall, providerMonth } from '../lib/portal/calls.ts'
import { PORTAL_HEADERS } from '../lib/portal/paths.ts'
import { isMonth, monthOf } from '../lib/portal/time.ts'
import { statementCsv } from '../lib/providers/statement.ts'
import { portalDb, portalViewer } from './portalRuntime.ts'

/**
 * The portal's downloads, to the signed-in provider only: a recording of its own answered call, played through
 * the site (the audio stays at Twilio; the site asks for it with its own account), and a month's statement as CSV.
 * Anyone else, another provider's call, and a call with no recording of this provider's get the same 404.
 */
const notFound = () => new Response('Not found.\n', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', ...PORTAL_HEADERS } })

export async function answerPortalRecording(request: Request, callSid: string): Promise<Response> {
  const viewer = await portalViewer(request.headers)
  if (!viewer) return notFound()
  const call = await providerCall(await portalDb(), viewer.scope, callSid)
  const twilio = serverConfig().twilio
  if (!call?.hasRecording || !call.recordingSid || !twilio) return notFound()
  const audio = await fetchRecordingAudio(twilio, call.recordingSid).catch(() => null)
  if (!audio?.ok || !audio.body) return new Response('The recording could not be fetched; try again.\n', { status: 502, headers: { 'content-type': 'text/plain; charset=utf-8', ...PORTAL_HEADERS } })
  return new Response(audio.body, { headers: { 'content-type': audio.headers.get('content-type') ?? 'audio/mpeg', ...PORTAL_HEADERS } })
}

export async function answerPortalStatementCsv(request: Request): Promise<Response> {
  const viewer = await portalViewer(request.headers)
  if (!viewer) return notFound()
  const asked = new URL(request.url).searchParams.get('month')
  const month = isMonth(asked) ? asked : monthOf(viewer.scope.now, viewer.scope.siteTimeZone)
  const { statement } = await providerMonth(await portalDb(), viewer.scope, month)
  return new Response(statementCsv(statement), {
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="statement-${viewer.provider.id}-${month}.csv"`, ...PORTAL_HEADERS },
  })
}
