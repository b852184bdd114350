/**
 * Site settings → Call tracking's routing fields (studio/schemas/objects/callRouting.ts), with their defaults
 * filled in: what the voice webhooks act on when routing calls to providers.
 */
export interface RoutingFields {
  routing?: boolean | null
  ringSeconds?: number | null
  maxProviders?: number | null
  askZipWhenUnknown?: boolean | null
  zipPrompt?: string | null
  /** What a caller hears before the first ring: the referral said out loud (web/lib/calls/consent/referral.ts). */
  spokenReferral?: string | null
  textBack?: { enabled?: boolean | null; body?: string | null; onceEveryHours?: number | null; helpReply?: string | null } | null
}

export interface RoutingSettings {
  routing: boolean
  ringSeconds: number
  maxProviders: number
  askZipWhenUnknown: boolean
  zipPrompt: string
  /** The editor's words, '' when none (the default is filled in where it is said). */
  spokenReferral: string
  /** `helpReply`: the answer to HELP or INFO, '' for the default (web/lib/calls/texts/rules.ts). */
  textBack: { enabled: boolean; body: string; onceEveryHours: number; helpReply: string }
}

export const ROUTING_DEFAULTS = {
  ringSeconds: 20,
  maxProviders: 3,
  zipPrompt: 'Please enter your 5-digit ZIP code',
  textBackOnceEveryHours: 24,
} as const

const whole = (value: number | null | undefined, fallback: number, min: number, max: number) =>
  typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(min, Math.round(value))) : fallback

export function routingSettings(fields: RoutingFields | null | undefined): RoutingSettings {
  const f = fields ?? {}
  const body = f.textBack?.body?.trim() ?? ''
  return {
    routing: f.routing === true,
    ringSeconds: whole(f.ringSeconds, ROUTING_DEFAULTS.ringSeconds, 5, 60),
    maxProviders: whole(f.maxProviders, ROUTING_DEFAULTS.maxProviders, 1, 10),
    askZipWhenUnknown: f.askZipWhenUnknown === true,
    zipPrompt: f.zipPrompt?.trim() || ROUTING_DEFAULTS.zipPrompt,
    spokenReferral: f.spokenReferral?.trim() ?? '',
    textBack: { enabled: f.textBack?.enabled === true && body !== '', body, onceEveryHours: whole(f.textBack?.onceEveryHours, ROUTING_DEFAULTS.textBackOnceEveryHours, 1, 24 * 30), helpReply: f.textBack?.helpReply?.trim() ?? '' },
  }
}
