import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * Twilio's request signature (X-Twilio-Signature), as Twilio documents it: Base64 of HMAC-SHA1, keyed with
 * the account's auth token, over the full public URL of the webhook (with its query) followed by every POST
 * parameter's name and value, sorted by name, with no separators. Hand-written rather than the `twilio`
 * package's validateRequest: that package brings a whole REST client (axios and more) into the server for
 * these few lines; this one is checked against Twilio's published vector (signature.test.ts).
 */
export function twilioSignature(authToken: string, url: string, params: Iterable<readonly [string, string]>): string {
  const sorted = [...params].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  const data = url + sorted.map(([name, value]) => name + value).join('')
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64')
}

/** Whether a request's X-Twilio-Signature is Twilio's for this URL and these parameters (compared in constant time). */
export function isTwilioSignatureValid(authToken: string, signature: string | null | undefined, url: string, params: Iterable<readonly [string, string]>): boolean {
  if (!authToken || !signature) return false
  const list = [...params]
  const candidates = [url]
  // Over HTTPS Twilio signs the URL without a default port; accept the other spelling too.
  const parsed = URL.canParse(url) ? new URL(url) : null
  if (parsed && parsed.protocol === 'https:' && !parsed.port) candidates.push(url.replace(/^https:\/\/([^/]+)/, (_, host: string) => `https://${host}:443`))
  const given = Buffer.from(signature, 'utf8')
  let valid = false
  for (const candidate of candidates) {
    const expected = Buffer.from(twilioSignature(authToken, candidate, list), 'utf8')
    if (expected.length === given.length && timingSafeEqual(expected, given)) valid = true
  }
  return valid
}

/**
 * The URL Twilio signed: the site's public address (NEXT_PUBLIC_SITE_URL, never the request's Host) with the
 * webhook's path and query as received.
 */
export function publicWebhookUrl(siteUrl: URL | string, pathAndQuery: string): string {
  const base = new URL(siteUrl)
  return `${base.origin}${base.pathname.replace(/\/$/, '')}${pathAndQuery}`
}
