import { afterAll, beforeAll, vi } from 'vitest'
import type { Kysely } from 'kysely'
import type { Database } from '../../web/lib/db/schema.ts'
import type { VoiceSettings } from '../../web/lib/calls/settings.ts'
import type { VoiceDeps } from '../../web/lib/calls/webhooks/voice.ts'
import type { RoutingStore } from '../../web/lib/calls/routing/routing.ts'
import { voiceRecorder } from '../../web/lib/calls/store/voiceQueue.ts'
import { twilioSignature } from '../../web/lib/calls/webhooks/signature.ts'
import { startMessagesStandIn, type MessagesStandIn } from '../../scripts/calls/messagesStandIn.ts'

/**
 * What the voice webhook tests share: Twilio's Messages API on loopback with the site's environment pointing at it,
 * requests signed as Twilio signs them, the numbers a TwiML answer dials, and the handlers' dependencies over a
 * store of the test's own.
 */
export const TEST_SITE = 'https://leads.example.com'

/** Starts the Messages stand-in for the file's tests (and points TWILIO_* at it); `messages.sent` lists what went out. */
export function messagesForTests(account: string, token: string, env: Record<string, string> = {}): { readonly sent: MessagesStandIn['sent']; refuseNext(count: number): void } {
  let standIn: MessagesStandIn | undefined
  beforeAll(async () => {
    standIn = await startMessagesStandIn(account, token)
    vi.stubEnv('TWILIO_ACCOUNT_SID', account)
    vi.stubEnv('TWILIO_AUTH_TOKEN', token)
    vi.stubEnv('TWILIO_API_BASE', standIn.url)
    for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value)
  })
  afterAll(async () => {
    vi.unstubAllEnvs()
    await standIn?.close()
  })
  return {
    get sent() {
      return standIn!.sent
    },
    refuseNext: (count) => standIn!.refuseNext(count),
  }
}

/** A webhook request as Twilio sends it: form body, signed with `token` for the site's public address. */
export const signedWith =
  (token: string, site = TEST_SITE) =>
  (path: string, params: [string, string][]) => ({ pathAndQuery: path, body: new URLSearchParams(params).toString(), signature: twilioSignature(token, site + path, params) })

/** The number a TwiML answer dials, and its whisper address. */
export const numberOf = (twiml: string) => /<Number[^>]*>([^<]+)<\/Number>/.exec(twiml)?.[1] ?? null
export const whisperOf = (twiml: string) => /<Number url="([^"]+)"/.exec(twiml)?.[1]?.replaceAll('&amp;', '&') ?? null

/**
 * The handlers' dependencies over `db`, with the settings given and a clock the test moves. The store budget is
 * 10 s unless given: a loaded machine never decides what a test about the logic sees (a test of a slow store
 * passes the site's own 2 s).
 */
export function voiceDepsFor(db: Kysely<Database>, settings: VoiceSettings, now: { t: number }, token: string, more: { routing?: RoutingStore; storeBudgetMs?: number } = {}): VoiceDeps {
  return { authToken: token, siteUrl: TEST_SITE, callerSecret: 'k', settings: async () => settings, recorder: voiceRecorder(async () => db, { retryMs: 1 }), now: () => now.t, storeBudgetMs: 10_000, ...more }
}
