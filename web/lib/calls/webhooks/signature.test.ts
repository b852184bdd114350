import { describe, expect, it } from 'vitest'
import { isTwilioSignatureValid, publicWebhookUrl, twilioSignature } from './signature'

/** Twilio's documented example (Webhooks security → Validating signatures from Twilio). */
const VECTOR = {
  token: '12345',
  url: 'https://example.com/myapp.php?foo=1&bar=2',
  params: [
    ['CallSid', 'CA1234567890ABCDE'],
    ['Caller', '+14158675310'],
    ['Digits', '1234'],
    ['From', '+14158675310'],
    ['To', '+18005551212'],
  ] as [string, string][],
  signature: 'L/OH5YylLD5NRKLltdqwSvS0BnU=',
}

describe('Twilio request signature', () => {
  it('matches Twilio’s published vector', () => {
    expect(twilioSignature(VECTOR.token, VECTOR.url, VECTOR.params)).toBe(VECTOR.signature)
    expect(isTwilioSignatureValid(VECTOR.token, VECTOR.signature, VECTOR.url, VECTOR.params)).toBe(true)
  })

  it('sorts the parameters itself: their order in the body does not matter', () => {
    expect(twilioSignature(VECTOR.token, VECTOR.url, [...VECTOR.params].reverse())).toBe(VECTOR.signature)
  })

  it('refuses a wrong token, a changed parameter, another URL, a missing or truncated signature', () => {
    expect(isTwilioSignatureValid('54321', VECTOR.signature, VECTOR.url, VECTOR.params)).toBe(false)
    const changed = VECTOR.params.map(([name, value]) => [name, name === 'To' ? '+18005551213' : value] as [string, string])
    expect(isTwilioSignatureValid(VECTOR.token, VECTOR.signature, VECTOR.url, changed)).toBe(false)
    expect(isTwilioSignatureValid(VECTOR.token, VECTOR.signature, 'https://example.com/myapp.php?foo=1', VECTOR.params)).toBe(false)
    expect(isTwilioSignatureValid(VECTOR.token, '', VECTOR.url, VECTOR.params)).toBe(false)
    expect(isTwilioSignatureValid(VECTOR.token, null, VECTOR.url, VECTOR.params)).toBe(false)
    expect(isTwilioSignatureValid(VECTOR.token, VECTOR.signature.slice(0, -2), VECTOR.url, VECTOR.params)).toBe(false)
    expect(isTwilioSignatureValid('', VECTOR.signature, VECTOR.url, VECTOR.params)).toBe(false)
  })

  it('accepts the signature of the URL with the explicit :443 Twilio may have signed', () => {
    const withPort = twilioSignature(VECTOR.token, 'https://example.com:443/myapp.php?foo=1&bar=2', VECTOR.params)
    expect(isTwilioSignatureValid(VECTOR.token, withPort, VECTOR.url, VECTOR.params)).toBe(true)
  })

  it('builds the signed URL from the public address, never from the request', () => {
    expect(publicWebhookUrl('https://calls.example.com', '/api/voice/incoming?x=1')).toBe('https://calls.example.com/api/voice/incoming?x=1')
    expect(publicWebhookUrl(new URL('https://example.com/'), '/api/voice/status')).toBe('https://example.com/api/voice/status')
  })
})
