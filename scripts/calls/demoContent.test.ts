import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { launchFactsQuery, voiceSettingsQuery } from '../../web/content/queries'
import { readConfig } from '../../web/lib/config'
import { launchFindings } from '../../web/lib/launch/checks'
import { robotsRules } from '../../web/lib/robots'
import { parseNdjson, queryDocuments } from '../../web/lib/sanity/localDataset'
import type { LaunchFactsQueryResult, VoiceSettingsQueryResult } from '../../web/sanity.types'
import { demoDataset, toNdjson } from './demoContent'
import { voiceSettings } from '../../web/lib/calls/settings'

const folder = path.resolve(import.meta.dirname, '../../studio/dataset')
const read = (name: string) => parseNdjson(readFileSync(path.join(folder, name), 'utf8'))

describe('the call-tracking demo dataset', () => {
  it('is the bundled content plus call tracking (node scripts/calls/demoDataset.ts writes it)', () => {
    expect(readFileSync(path.join(folder, 'call-tracking-demo.ndjson'), 'utf8')).toBe(toNdjson(demoDataset(read('production.ndjson'))))
  })

  it('turns call tracking on with a pool, while the bundled content keeps it off', async () => {
    const demo = voiceSettings(...(await settingsOf('call-tracking-demo.ndjson')))
    expect(demo).toMatchObject({ enabled: true, businessLine: '+13125550150', minTalkSeconds: 60, firstCallerDays: 30 })
    expect(demo.pool).toHaveLength(4)
    expect(voiceSettings(...(await settingsOf('production.ndjson'))).enabled).toBe(false)
  })

  it('is blocked by the launch check like the default number: fictional business line and pool numbers', async () => {
    const config = readConfig({ NEXT_PUBLIC_SITE_URL: 'https://www.example-pest.com' })
    const content = (await queryDocuments(read('call-tracking-demo.ndjson'), launchFactsQuery)) as LaunchFactsQueryResult
    const findings = launchFindings(config, { content: { ...content, bundledLegalTexts: [] }, robots: robotsRules(config.siteUrl), supabase: null })
    const calls = findings.filter((finding) => finding.id === 'tracking-number')
    expect(calls.map((finding) => finding.fix)).toEqual(['Studio → Site settings → Call tracking → Business line.', ...Array<string>(4).fill('Studio → Site settings → Call tracking → Number pool.')])
    expect(calls.every((finding) => finding.severity === 'blocking')).toBe(true)
  })
})

async function settingsOf(name: string): Promise<Parameters<typeof voiceSettings>> {
  const result = (await queryDocuments(read(name), voiceSettingsQuery)) as VoiceSettingsQueryResult
  return [result?.callTracking, { phone: result?.phone, trackingNumbers: result?.trackingNumbers }]
}
