import { describe, expect, it } from 'vitest'
import type { Finding } from '../lib/launch/checks'
import { warnAboutLaunch } from './launchWarnings'

const finding: Finding = { id: 'site-url', severity: 'blocking', message: 'The site address is local.', fix: 'Set NEXT_PUBLIC_SITE_URL.' }

describe('warnAboutLaunch (npm start)', () => {
  it('prints each finding as one warning line', async () => {
    const lines: string[] = []
    await warnAboutLaunch((line) => lines.push(line), async () => [finding, { ...finding, id: 'pest-photos', severity: 'warning' }])
    expect(lines).toEqual([
      '[launch check] ✗ blocking [site-url] The site address is local. Fix: Set NEXT_PUBLIC_SITE_URL.',
      '[launch check] ⚠ warning [pest-photos] The site address is local. Fix: Set NEXT_PUBLIC_SITE_URL.',
    ])
  })

  it('gives up with one line when the check outlasts its deadline', async () => {
    const lines: string[] = []
    const started = performance.now()
    await warnAboutLaunch((line) => lines.push(line), () => new Promise<Finding[]>(() => {}), 50)
    expect(performance.now() - started).toBeLessThan(5_000)
    expect(lines).toEqual(['[launch check] gave up after 0.05 s: run npm run check:launch to see the findings.'])
  })

  it('reports a failing check in one line instead of throwing', async () => {
    const lines: string[] = []
    await warnAboutLaunch((line) => lines.push(line), () => Promise.reject(new Error('Content Lake unreachable')))
    expect(lines).toEqual(['[launch check] could not run: Content Lake unreachable'])
  })
})
