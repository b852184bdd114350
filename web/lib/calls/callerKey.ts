import { createHmac } from 'node:crypto'
import { serverConfig, type Config } from '../config.ts'

/**
 * A caller as the first-caller rule remembers them: HMAC-SHA256 of the E.164 number with a key of the site's
 * own (CALLER_HASH_KEY, else one derived from TWILIO_AUTH_TOKEN). A plain hash of a phone number is undone
 * by hashing every number of an area code; without the key it cannot be.
 */
export function callerKey(secret: string, e164: string): string {
  if (!e164) return ''
  return createHmac('sha256', secret).update(e164, 'utf8').digest('base64url')
}

export function callerHashSecret({ callerHashKey, twilioAuthToken }: Pick<Config, 'callerHashKey' | 'twilioAuthToken'> = serverConfig()): string {
  if (callerHashKey) return callerHashKey
  return createHmac('sha256', twilioAuthToken ?? '').update('caller-key').digest('base64url')
}
