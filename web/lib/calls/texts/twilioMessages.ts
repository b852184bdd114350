import { readConfig } from '../../config.ts'

/**
 * Twilio's Messages API as the site uses it: `POST {base}/2010-04-01/Accounts/{sid}/Messages.json`, form-encoded
 * `To`, `From` (the tracking number the caller rang) and `Body`, basic auth. With a Messaging Service
 * (TWILIO_MESSAGING_SERVICE_SID) its `MessagingServiceSid` is sent too: carriers deliver application texts only
 * under the service's registered A2P 10DLC campaign (or toll-free verification), and Twilio then sends from
 * `From` when it is in the service's sender pool.
 */
export interface TwilioMessages {
  accountSid: string
  authToken: string
  apiBase: string
  /** MG… of the Messaging Service texts go through; absent: plain sends from `From`. */
  messagingServiceSid?: string
}

/** Twilio's error answer: `{code, message, more_info, status}`. */
export class TwilioError extends Error {
  readonly status: number
  readonly code: number | null
  constructor(status: number, code: number | null, message: string) {
    super(message)
    this.status = status
    this.code = code
  }
}

/** Sends one text; resolves to the message's sid. */
export async function sendMessage(api: TwilioMessages, message: { to: string; from: string; body: string }): Promise<string> {
  const url = `${api.apiBase}/2010-04-01/Accounts/${encodeURIComponent(api.accountSid)}/Messages.json`
  const form = new URLSearchParams({ To: message.to, From: message.from, Body: message.body })
  if (api.messagingServiceSid) form.set('MessagingServiceSid', api.messagingServiceSid)
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${api.accountSid}:${api.authToken}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    signal: AbortSignal.timeout(10_000),
  })
  const answer = (await response.json().catch(() => ({}))) as { sid?: string; code?: number; message?: string }
  if (!response.ok || typeof answer.sid !== 'string') throw new TwilioError(response.status, answer.code ?? null, answer.message ?? `Twilio answered ${response.status}`)
  return answer.sid
}

/** The Messages API as configured (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_API_BASE, TWILIO_MESSAGING_SERVICE_SID), read when a text is sent. */
export const configuredMessages = (): TwilioMessages | null => readConfig(process.env).twilio
