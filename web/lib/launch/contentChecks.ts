import { formatUsPhone } from '../phone.ts'
import { trackerConfig } from '../tracking/settings.ts'
import { SETTINGS, type Finding, type LaunchConfig, type LaunchContent, type LaunchSettings } from './findings.ts'
import { unreachablePhoneProblem } from './phoneRange.ts'

/**
 * The launch checks on the content editors fix in the Studio: phone and call-tracking numbers, call
 * conversion tracking, legal texts, pest photos and footer links.
 */

export function phoneFindings(settings: LaunchSettings | null): Finding[] {
  const findings: Finding[] = []
  const phone = settings?.phone?.trim() ?? ''
  const problem = phone ? unreachablePhoneProblem(phone) : null
  if (!phone || problem) {
    findings.push({
      id: 'phone-number',
      severity: 'blocking',
      message: phone ? `Phone number ${formatUsPhone(phone)}: ${problem}` : 'No phone number is set: every call button is dead.',
      fix: `${SETTINGS} → Phone number.`,
    })
  }
  for (const rule of settings?.trackingNumbers ?? []) {
    const number = rule.phone?.trim() ?? ''
    const ruleProblem = number ? unreachablePhoneProblem(number) : null
    if (ruleProblem) {
      findings.push({
        id: 'tracking-number',
        severity: 'blocking',
        message: `Tracking number ${formatUsPhone(number)} (rule "${rule.value ?? ''}"): ${ruleProblem}`,
        fix: `${SETTINGS} → Tracking numbers → the rule "${rule.value ?? ''}" → Number to show.`,
      })
    }
  }
  const calls = settings?.callTracking
  if (calls?.enabled) {
    // Call tracking forwards to the business line and shows the pool's numbers: each must be a real line.
    for (const [field, number] of [['Business line', calls.businessLine], ...(calls.pool ?? []).map((entry) => ['Number pool', entry] as const)] as const) {
      const value = number?.trim() ?? ''
      const callProblem = value ? unreachablePhoneProblem(value) : null
      if (callProblem) findings.push({ id: 'tracking-number', severity: 'blocking', message: `${field} ${formatUsPhone(value)}: ${callProblem}`, fix: `${SETTINGS} → Call tracking → ${field}.` })
    }
  }
  return findings
}

export function conversionFindings(settings: LaunchSettings | null): Finding[] {
  // What the page hands the call tracker: a call counts as an Ads conversion with a tag ID and a call
  // conversion label, or through a Tag Manager container (its "call_click" event).
  const tracker = trackerConfig(settings, '')
  if ((tracker.ads && tracker.label) || tracker.gtm) return []
  return [{
    id: 'conversion-tracking',
    severity: 'warning',
    message: 'No call conversion tracking: taps on call buttons are not reported to Google Ads, so campaigns cannot optimize for calls.',
    fix: `${SETTINGS} → Tracking → Google Ads tag ID and Call conversion label (or Google Tag Manager container ID).`,
  }]
}

/** Marks of text nobody wrote for this business: template brackets, filler, example domains. */
const PLACEHOLDER_MARKERS: { pattern: RegExp; label: string }[] = [
  { pattern: /\[[A-Za-z][^\]\n]{0,40}\]/, label: 'a [bracketed] blank' },
  { pattern: /\{\{[^}]*\}\}/, label: 'a {{template}} blank' },
  { pattern: /\blorem ipsum\b|\blorem\b/i, label: '"Lorem ipsum" filler' },
  { pattern: /\bexample\.(com|org|net)\b/i, label: 'an example.com address' },
  { pattern: /\b(TODO|TBD|XXX+)\b/, label: 'a TODO/TBD/XXX note' },
]

const normalizedText = (text: string) => text.replace(/\s+/g, ' ').trim()

export function legalFindings(content: LaunchContent): Finding[] {
  const bundled = new Set(content.bundledLegalTexts.map(normalizedText).filter(Boolean))
  const findings: Finding[] = []
  for (const page of content.legalPages) {
    const text = normalizedText(page.text ?? '')
    const title = page.title?.trim() || 'Untitled legal page'
    const marker = PLACEHOLDER_MARKERS.find(({ pattern }) => pattern.test(text))
    const reason = marker
      ? `still contains placeholder text (${marker.label}: "${marker.pattern.exec(text)?.[0]}")`
      : bundled.has(text)
        ? 'is still the sample text bundled with the site, written for no business in particular'
        : null
    if (reason) {
      findings.push({
        id: 'legal-placeholder',
        severity: 'blocking',
        message: `Legal page "${title}" ${reason}.`,
        fix: `Studio → Legal → ${title} → Text: put in your own reviewed text (and its Effective date).`,
      })
    }
  }
  return findings
}

export function pestPhotoFindings(config: LaunchConfig, content: LaunchContent): Finding[] {
  // With Supabase configured, a pest without an uploaded photo shows the bucket's photo instead.
  if (config.supabase) return []
  const drawn = content.pestPages.filter((page) => !page.hasPhoto)
  if (drawn.length === 0) return []
  const names = [...new Set(drawn.map((page) => page.pest || page.slug || '?'))]
  return [{
    id: 'pest-photos',
    severity: 'warning',
    message: `${drawn.length} of ${content.pestPages.length} pest pages show a drawing, not a photo (${names.join(', ')}).`,
    fix: 'Studio → Pests → each pest → Photo (or configure SUPABASE_URL with the photo bucket).',
  }]
}

/**
 * A footer link to an address of this site that no page has: the visitor gets the not-found page (the
 * bundled content's /about-us, as the spec has it, until an editor writes that page).
 */
export function footerLinkFindings(content: LaunchContent): Finding[] {
  const slugs = new Set(content.routeSlugs ?? [])
  return (content.settings?.footerLinks ?? []).flatMap((link) => {
    const path = link.href?.trim() ?? ''
    if (!/^\/[^/\\]/.test(path)) return []
    const slug = path.replace(/[?#].*$/, '').replace(/^\/+|\/+$/g, '')
    if (slugs.has(slug)) return []
    return [{
      id: 'footer-link-missing' as const,
      severity: 'warning' as const,
      message: `The footer links “${link.label ?? path}” to ${path}, a page that does not exist: visitors who follow it get the not-found page.`,
      fix: `Studio → Pages → create a page with the address “${slug}”, or ${SETTINGS} → Footer links → remove or change the link.`,
    }]
  })
}

/** Missed-call texts go out through Twilio's Messages API, which needs the account they are sent for. */
export function textBackFindings(config: LaunchConfig, settings: LaunchSettings | null): Finding[] {
  const calls = settings?.callTracking
  if (!calls?.enabled || !calls.textBack?.enabled || config.twilio) return []
  return [{
    id: 'text-back-account',
    severity: 'blocking',
    message: 'Missed callers are to get a text, but no Twilio account is set for sending it: no text would go out.',
    fix: `Set TWILIO_ACCOUNT_SID (Twilio console → Account info) beside TWILIO_AUTH_TOKEN, or turn off ${SETTINGS} → Call tracking → Text a missed caller.`,
  }]
}
