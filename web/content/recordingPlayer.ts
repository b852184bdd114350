import type { Kysely } from 'kysely'
import type { Database } from '../lib/db/schema.ts'
import { bearerToken, type StudioAuth } from '../lib/campaigns/studioAuth.ts'
import { fetchRecordingAudio, type TwilioAccount } from '../lib/calls/twilioRecordings.ts'

/**
 * A call's recording played to a signed-in Studio user: the Studio sends its own token, checked with the
 * Content Lake's users/me (studioAuth.ts); the call is named, never the recording or an address, so the site
 * only ever asks Twilio for a recording it was told of. Everyone else is refused before anything is read.
 */
const CALL_SID = /^CA[0-9a-f]{32}$/i
const refuse = (status: number, message: string, headers: Record<string, string> = {}) => Response.json({ message }, { status, headers: { 'cache-control': 'no-store', ...headers } })

export async function answerRecording(input: { authorization: string | null; callSid: string | null }, deps: { auth: StudioAuth; db: () => Promise<Kysely<Database>>; twilio: TwilioAccount | null }): Promise<Response> {
  const token = bearerToken(input.authorization)
  if (!token) return refuse(401, 'Sign in to the Studio to listen to calls.', { 'www-authenticate': 'Bearer' })
  let user
  try {
    user = await deps.auth.verify(token)
  } catch {
    return refuse(503, 'Could not check the Studio login; try again.')
  }
  if (!user) return refuse(401, 'This Studio login is not valid for this site.', { 'www-authenticate': 'Bearer error="invalid_token"' })
  if (!input.callSid || !CALL_SID.test(input.callSid)) return refuse(400, 'Name the call to play.')
  if (!deps.twilio) return refuse(404, 'Recordings cannot be played: the Twilio account is not set up on this site.')
  const db = await deps.db()
  const call = await db.selectFrom('voice_calls').select('recording_sid').where('call_sid', '=', input.callSid).executeTakeFirst()
  if (!call?.recording_sid) return refuse(404, 'This call has no recording (not recorded, or deleted after the retention days).')
  const audio = await fetchRecordingAudio(deps.twilio, call.recording_sid).catch(() => null)
  if (!audio?.ok || !audio.body) return refuse(502, 'Twilio did not hand over the recording; try again.')
  return new Response(audio.body, { headers: { 'content-type': audio.headers.get('content-type') ?? 'audio/mpeg', 'cache-control': 'private, no-store', vary: 'authorization' } })
}
