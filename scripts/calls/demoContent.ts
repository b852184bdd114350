import type { SanityDocumentLike } from '../../web/lib/sanity/localDataset.ts'
import type { CallTrackingFields } from '../../web/lib/calls/settings.ts'

/**
 * The call-tracking demo (studio/dataset/call-tracking-demo.ndjson): the bundled content with call tracking
 * on, a fictional business line and a pool of four fictional numbers (555-01xx, which `check:launch` blocks
 * like the default number), so `npm run calls:demo` and `calls:simulate` work with no account.
 */
export const DEMO_CALL_TRACKING: Required<Pick<CallTrackingFields, 'enabled' | 'businessLine' | 'pool' | 'missedCall' | 'missedMessage' | 'timeZone' | 'conversionName' | 'conversionValue' | 'conversionCurrency'>> = {
  enabled: true,
  businessLine: '+13125550150',
  pool: ['+13125550161', '+13125550162', '+13125550163', '+13125550164'],
  missedCall: 'message',
  missedMessage: 'Sorry we missed your call. We will call you back within the hour.',
  timeZone: 'America/Chicago',
  conversionName: 'Qualified call',
  conversionValue: 50,
  conversionCurrency: 'USD',
}

export function demoDataset(documents: readonly SanityDocumentLike[]): SanityDocumentLike[] {
  return documents.map((doc) => (doc._id === 'siteSettings' ? { ...doc, callTracking: { ...DEMO_CALL_TRACKING } } : doc))
}

export function toNdjson(documents: readonly SanityDocumentLike[]): string {
  return documents.map((doc) => JSON.stringify(doc)).join('\n') + '\n'
}

/** The Twilio auth token `calls:demo` and `calls:simulate` share when TWILIO_AUTH_TOKEN is unset (the demo only: no real number points at it). */
export const DEMO_TWILIO_TOKEN = 'demo-twilio-auth-token'
