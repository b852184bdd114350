/**
 * Twilio's REST API for the recordings it keeps (the audio never leaves Twilio for the site's store): the
 * media fetched to play it to a signed-in Studio user, and the documented DELETE once the retention days are
 * over. HTTP basic auth with the account id and auth token; the address comes from the configuration only.
 */
export interface TwilioAccount {
  accountSid: string
  authToken: string
  /** https://api.twilio.com, or a loopback stand-in in tests. */
  apiBase: string
}

const RECORDING_SID = /^RE[0-9a-f]{32}$/i
const authorization = (account: TwilioAccount) => `Basic ${Buffer.from(`${account.accountSid}:${account.authToken}`).toString('base64')}`
const recordingUrl = (account: TwilioAccount, sid: string, extension: 'mp3' | 'json') => `${account.apiBase}/2010-04-01/Accounts/${account.accountSid}/Recordings/${sid}.${extension}`

/** `GET …/Recordings/{Sid}.mp3`: the audio, as Twilio answers it. */
export async function fetchRecordingAudio(account: TwilioAccount, recordingSid: string, { timeoutMs = 10_000 } = {}): Promise<Response> {
  if (!RECORDING_SID.test(recordingSid)) throw new Error(`Not a recording id: ${recordingSid}`)
  return fetch(recordingUrl(account, recordingSid, 'mp3'), { headers: { authorization: authorization(account) }, signal: AbortSignal.timeout(timeoutMs), cache: 'no-store' })
}

/** `DELETE …/Recordings/{Sid}.json`: 204 deleted; 404 already gone (both fine). */
export async function deleteRecordingAt(account: TwilioAccount, recordingSid: string): Promise<void> {
  if (!RECORDING_SID.test(recordingSid)) return
  const response = await fetch(recordingUrl(account, recordingSid, 'json'), { method: 'DELETE', headers: { authorization: authorization(account) }, signal: AbortSignal.timeout(10_000) })
  if (response.status !== 204 && response.status !== 404) throw new Error(`Twilio answered ${response.status}`)
}
