import { describe, expect, it } from 'vitest'
import { readConfig } from '../config'
import { portalMailFindings } from './portalChecks'
import type { LaunchContent } from './findings'

const content = (portalEmails: number): LaunchContent => ({ settings: null, legalPages: [], bundledLegalTexts: [], pestPages: [], providers: [{ name: 'Lone Star Pest Pros', states: ['TX'], portalEmails }] })

describe('portal-mail', () => {
  it('blocks a site whose providers have portal e-mails but no SMTP_URL, and nothing else', () => {
    const bare = readConfig({ NEXT_PUBLIC_SITE_URL: 'https://leads.example.com' })
    expect(portalMailFindings(bare, content(1)).map((finding) => [finding.id, finding.severity])).toEqual([['portal-mail', 'blocking']])
    expect(portalMailFindings(bare, content(1))[0]?.message).toMatch(/Lone Star Pest Pros has portal e-mails/)
    expect(portalMailFindings(bare, content(0))).toEqual([])
    const mailing = readConfig({ NEXT_PUBLIC_SITE_URL: 'https://leads.example.com', SMTP_URL: 'smtps://u:p@smtp.example.com:465', MAIL_FROM: 'Local Pest Experts <calls@example.com>' })
    expect(portalMailFindings(mailing, content(2))).toEqual([])
  })
})
