import type { Finding, LaunchConfig, LaunchContent } from './findings.ts'

/**
 * The provider portal's launch check: providers who may sign in (portal e-mails on an active provider) need the
 * sign-in link to reach them. Without SMTP_URL a public site sends no link at all (a local one prints it in the
 * server log instead: web/lib/portal/mail.ts), so such a launch blocks.
 */
export function portalMailFindings(config: LaunchConfig, content: LaunchContent): Finding[] {
  const waiting = (content.providers ?? []).filter((provider) => (provider.portalEmails ?? 0) > 0)
  if (waiting.length === 0 || config.mail) return []
  return [{
    id: 'portal-mail',
    severity: 'blocking',
    message: `${waiting.length === 1 ? `${waiting[0]!.name ?? 'A provider'} has` : `${waiting.length} providers have`} portal e-mails, but no SMTP_URL is set: no sign-in link would reach them.`,
    fix: 'Set SMTP_URL (smtps://user:password@smtp.example.com:465) and MAIL_FROM (e.g. Local Pest Experts <calls@example.com>), or remove the portal e-mails in Studio → Providers.',
  }]
}
