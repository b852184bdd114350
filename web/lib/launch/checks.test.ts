import { execFile } from 'node:child_process'
import http from 'node:http'
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readConfig, type Env } from '../config'
import { robotsRules } from '../robots'
import { findingLine, findingsSummary, launchFindings, type FindingId, type LaunchFacts } from './checks'
import { isFictionalUsNumber, unreachablePhoneProblem } from './phoneRange'
import { probeSupabase } from './supabaseProbe'

const LIVE_URL = 'https://www.acmepest.com'
const OWN_PRIVACY_TEXT = 'Acme Pest Referrals LLC, 12 Main St, Austin TX, explains here what it collects when you call.'
const BUNDLED_TEXT = 'This Privacy Policy explains what information Local Pest Experts collects.'

/** A site ready to go live: every variable set, real numbers, tracking, own legal text, photos. */
const launchEnv: Env = {
  NEXT_PUBLIC_SITE_URL: LIVE_URL,
  NEXT_PUBLIC_SANITY_PROJECT_ID: 'abc123',
  SANITY_REVALIDATE_SECRET: 'a-long-random-secret',
  SITE_SECRET: 'a-site-secret-of-at-least-32-characters',
  SUPABASE_URL: 'https://abcdefgh.supabase.co',
  SUPABASE_ANON_KEY: 'anon-key',
}

function launchFacts(): LaunchFacts {
  return {
    content: {
      settings: {
        phone: '+12127363100',
        trackingNumbers: [{ match: 'campaign', value: 'termites-fall', phone: '+13123742000' }],
        googleAdsId: 'AW-123456789',
        callConversionLabel: 'AbC-D_efG-h12',
        analyticsId: null,
        gtmId: null,
      },
      legalPages: [{ title: 'Privacy Policy', text: OWN_PRIVACY_TEXT }],
      bundledLegalTexts: [BUNDLED_TEXT],
      pestPages: [{ slug: 'ants', pest: 'Ants', hasPhoto: true }, { slug: 'wasps', pest: 'Wasps', hasPhoto: true }],
    },
    robots: robotsRules(new URL(LIVE_URL)),
    supabase: { reachable: true },
  }
}

/** The environment without these variables. */
const without = (env: Env, ...names: string[]): Env => Object.fromEntries(Object.entries(env).filter(([name]) => !names.includes(name)))

const idsOf = (env: Env, facts: LaunchFacts): FindingId[] => launchFindings(readConfig(env), facts).map((finding) => finding.id)

/** The facts of a ready site with one change. */
function factsWith(change: (facts: LaunchFacts) => void): LaunchFacts {
  const facts = launchFacts()
  change(facts)
  return facts
}

describe('launchFindings', () => {
  it('finds nothing on a fully configured launch', () => {
    expect(launchFindings(readConfig(launchEnv), launchFacts())).toEqual([])
    expect(findingsSummary([])).toMatch(/^Ready for launch: 0 blocking, 0 warnings/)
  })

  it('site-secret: blocks a start without SITE_SECRET (A/B cookies would not verify across restarts or instances)', () => {
    expect(idsOf(without(launchEnv, 'SITE_SECRET'), launchFacts())).toEqual(['site-secret'])
    expect(idsOf({ ...launchEnv, SITE_SECRET: 'short' }, launchFacts())).toEqual(['site-secret'])
  })

  it('site-url: blocks an unset, local or plain-http site address', () => {
    expect(idsOf(without(launchEnv, 'NEXT_PUBLIC_SITE_URL'), launchFacts())).toEqual(['site-url'])
    for (const url of ['http://localhost:3000', 'https://127.0.0.2', 'https://[::1]:8443', 'https://pest.local', 'https://pest.test', 'http://www.acmepest.com']) {
      const findings = launchFindings(readConfig({ ...launchEnv, NEXT_PUBLIC_SITE_URL: url }), launchFacts())
      expect(findings.map((finding) => [finding.id, finding.severity])).toEqual([['site-url', 'blocking']])
      expect(findings[0]?.fix).toMatch(/NEXT_PUBLIC_SITE_URL/)
    }
  })

  it('phone-number: blocks a fictional 555-01xx number and one with no valid area code, naming the Studio field', () => {
    for (const phone of ['+18885550142', '+12125550199', '+12007363100']) {
      const findings = launchFindings(readConfig(launchEnv), factsWith((facts) => (facts.content.settings!.phone = phone)))
      expect(findings.map((finding) => [finding.id, finding.severity])).toEqual([['phone-number', 'blocking']])
      expect(findings[0]?.fix).toBe('Studio → Site settings → Phone number.')
    }
    // 555 outside 0100–0199 is an ordinary exchange.
    expect(idsOf(launchEnv, factsWith((facts) => (facts.content.settings!.phone = '+12125551234')))).toEqual([])
  })

  it('tracking-number: blocks a tracking number in the fictional range, naming its rule', () => {
    const findings = launchFindings(
      readConfig(launchEnv),
      factsWith((facts) => facts.content.settings!.trackingNumbers!.push({ match: 'source', value: 'bing', phone: '+13125550155' })),
    )
    expect(findings.map((finding) => finding.id)).toEqual(['tracking-number'])
    expect(findings[0]?.message).toMatch(/\(312\) 555-0155.*reserved for fiction/)
    expect(findings[0]?.fix).toMatch(/Tracking numbers → the rule "bing" → Number to show/)
  })

  it('text-back-account: blocks missed-call texts without TWILIO_ACCOUNT_SID', () => {
    const texting = factsWith((facts) => (facts.content.settings!.callTracking = { enabled: true, businessLine: '+12145551234', pool: [], textBack: { enabled: true } }))
    expect(idsOf({ ...launchEnv, TWILIO_AUTH_TOKEN: 'token' }, texting)).toEqual(['text-back-account'])
    expect(idsOf({ ...launchEnv, TWILIO_AUTH_TOKEN: 'token', TWILIO_ACCOUNT_SID: 'AC' + '0f'.repeat(16), TWILIO_MESSAGING_SERVICE_SID: 'MG' + '0f'.repeat(16) }, texting)).toEqual([])
  })

  it('messaging-service: blocks text-back through an account without a Messaging Service (carriers need a registered campaign)', () => {
    const texting = factsWith((facts) => (facts.content.settings!.callTracking = { enabled: true, businessLine: '+12145551234', pool: [], textBack: { enabled: true } }))
    const account = { ...launchEnv, TWILIO_AUTH_TOKEN: 'token', TWILIO_ACCOUNT_SID: 'AC' + '0f'.repeat(16) }
    const findings = launchFindings(readConfig(account), texting)
    expect(findings.map((finding) => [finding.id, finding.severity])).toEqual([['messaging-service', 'blocking']])
    expect(findings[0]?.message).toMatch(/A2P 10DLC/)
    expect(findings[0]?.fix).toMatch(/TWILIO_MESSAGING_SERVICE_SID=MG…; or turn off Studio → Site settings → Call tracking → Text a missed caller/)
    // Texts off: nothing to register.
    const quiet = factsWith((facts) => (facts.content.settings!.callTracking = { enabled: true, businessLine: '+12145551234', pool: [], textBack: { enabled: false } }))
    expect(idsOf(account, quiet)).toEqual([])
  })

  it('provider-licence: lists each provider serving FL or CA without a licence there, naming the provider and the state', () => {
    const routed = factsWith((facts) => {
      facts.content.settings!.callTracking = { enabled: true, businessLine: '+12145551234', pool: [], routing: true }
      facts.content.providers = [
        { name: 'Sunshine Sprayers', states: ['FL', 'GA'], licences: [] },
        { name: 'Gulf Coast Pest', states: ['FL'], licences: [{ state: 'FL', number: 'JB123456' }] },
        { name: 'Nationwide Pest', everywhere: true, licences: [{ state: 'CA', number: 'PR 1234' }] },
        { name: 'Lone Star', states: ['TX'] },
      ]
    })
    const findings = launchFindings(readConfig(launchEnv), routed)
    expect(findings.map((finding) => [finding.id, finding.severity])).toEqual([['provider-licence', 'warning'], ['provider-licence', 'warning']])
    expect(findings.map((finding) => finding.message)).toEqual([expect.stringMatching(/^Provider “Sunshine Sprayers” serves FL without a FL licence/), expect.stringMatching(/^Provider “Nationwide Pest” serves FL without a FL licence/)])
    expect(findings[0]?.fix).toBe('Studio → Providers → Sunshine Sprayers → Licences: add its FL licence number, or take FL off its states.')
    // The owner's own list of states replaces the default.
    routed.content.settings!.callTracking!.licenceStates = ['GA']
    expect(launchFindings(readConfig(launchEnv), routed).map((finding) => finding.message)).toEqual([expect.stringMatching(/“Sunshine Sprayers” serves GA/), expect.stringMatching(/“Nationwide Pest” serves GA/)])
  })

  it('rating-source: blocks the bundled sample rating and any rating while no reviews address names its source', () => {
    const sample = { slug: 'simple-landing', found: [{ _type: 'badges', score: 4.9, count: 2847, label: 'reviews' }] }
    const withRatings = factsWith((facts) => {
      facts.content.bundledRatings = [sample]
      facts.content.ratings = [sample, { slug: 'ants', found: [{ _type: 'hero', score: 4.7, count: null, label: 'Rated 4.7 by 212 customers' }] }]
    })
    const findings = launchFindings(readConfig(launchEnv), withRatings)
    expect(findings.map((finding) => [finding.id, finding.severity])).toEqual([['rating-source', 'blocking'], ['rating-source', 'blocking']])
    expect(findings[0]?.message).toMatch(/1 page shows the bundled sample rating, which nobody gave: 4\.9 from 2,847 reviews \(“reviews”\) on simple-landing/)
    expect(findings[1]?.message).toMatch(/2 shown ratings name no source \(simple-landing, ants\)/)
    expect(findings[1]?.fix).toMatch(/Brand → Reviews address/)
    // A real rating with its source passes; the sample never does.
    withRatings.content.settings!.reviewsUrl = 'https://g.page/r/acme/review'
    expect(launchFindings(readConfig(launchEnv), withRatings).map((finding) => finding.message)).toEqual([expect.stringMatching(/bundled sample rating/)])
    withRatings.content.ratings = withRatings.content.ratings!.slice(1)
    expect(idsOf(launchEnv, withRatings)).toEqual([])
  })

  it('revalidate-secret: blocks a Sanity project without SANITY_REVALIDATE_SECRET, not the bundled content', () => {
    expect(idsOf(without(launchEnv, 'SANITY_REVALIDATE_SECRET'), launchFacts())).toEqual(['revalidate-secret'])
    expect(idsOf(without(launchEnv, 'SANITY_REVALIDATE_SECRET', 'NEXT_PUBLIC_SANITY_PROJECT_ID'), launchFacts())).toEqual([])
  })

  it('conversion-tracking: warns when no call conversion is set up (analytics alone does not count calls)', () => {
    const untracked = factsWith((facts) => Object.assign(facts.content.settings!, { googleAdsId: null, callConversionLabel: null, analyticsId: 'G-ABC123XYZ' }))
    const findings = launchFindings(readConfig(launchEnv), untracked)
    expect(findings.map((finding) => [finding.id, finding.severity])).toEqual([['conversion-tracking', 'warning']])
    expect(findingsSummary(findings)).toMatch(/^Ready for launch: 0 blocking, 1 warning\./)
    const tagManager = factsWith((facts) => Object.assign(facts.content.settings!, { googleAdsId: null, callConversionLabel: null, gtmId: 'GTM-ABC1234' }))
    expect(idsOf(launchEnv, tagManager)).toEqual([])
  })

  it('legal-placeholder: blocks template blanks, filler, example addresses and the unchanged bundled text', () => {
    for (const text of ['[Company Name] collects your number.', 'Lorem ipsum dolor sit amet.', 'Write to privacy@example.com.', BUNDLED_TEXT]) {
      const findings = launchFindings(readConfig(launchEnv), factsWith((facts) => (facts.content.legalPages[0]!.text = text)))
      expect(findings.map((finding) => [finding.id, finding.severity])).toEqual([['legal-placeholder', 'blocking']])
      expect(findings[0]?.fix).toMatch(/^Studio → Legal → Privacy Policy → Text/)
    }
  })

  it('pest-photos: warns about pest pages that show a drawing (no photo, no Supabase bucket)', () => {
    const withoutSupabase = without(launchEnv, 'SUPABASE_URL', 'SUPABASE_ANON_KEY')
    const drawn = factsWith((facts) => {
      facts.content.pestPages[1]!.hasPhoto = false
      facts.supabase = null
    })
    const findings = launchFindings(readConfig(withoutSupabase), drawn)
    expect(findings.map((finding) => [finding.id, finding.severity])).toEqual([['pest-photos', 'warning']])
    expect(findings[0]?.message).toMatch(/1 of 2 pest pages show a drawing.*Wasps/)
  })

  it('robots-blocks-all: blocks a robots.txt that disallows everything', () => {
    const closed = factsWith((facts) => (facts.robots = { rules: { userAgent: '*', disallow: '/' } }))
    expect(idsOf(launchEnv, closed)).toEqual(['robots-blocks-all'])
  })

  it('supabase-unreachable: blocks a configured Supabase that does not answer', () => {
    const findings = launchFindings(readConfig(launchEnv), factsWith((facts) => (facts.supabase = { reachable: false, reason: 'fetch failed' })))
    expect(findings.map((finding) => [finding.id, finding.severity])).toEqual([['supabase-unreachable', 'blocking']])
    expect(findings[0]?.fix).toMatch(/SUPABASE_URL and SUPABASE_ANON_KEY/)
  })

  it('numbers-store: blocks several instances or Vercel without DATABASE_URL, never one instance', () => {
    expect(idsOf({ ...launchEnv, REDIS_URL: 'redis://cache:6379' }, launchFacts())).toEqual(['numbers-store'])
    expect(idsOf({ ...launchEnv, VERCEL: '1' }, launchFacts())).toEqual(['numbers-store'])
    const [finding] = launchFindings(readConfig({ ...launchEnv, VERCEL: '1' }), launchFacts())
    expect(finding).toMatchObject({ severity: 'blocking', message: expect.stringMatching(/Vercel/), fix: expect.stringMatching(/DATABASE_URL.*npm run db:migrate/) })
    const database = 'postgresql://app:secret@db.example.net:6543/postgres'
    expect(idsOf({ ...launchEnv, REDIS_URL: 'redis://cache:6379', VERCEL: '1', DATABASE_URL: database }, launchFacts())).toEqual([])
    expect(idsOf(launchEnv, launchFacts())).toEqual([])
  })

  it('footer-link-missing: warns about a footer link to an address no page has, not about pages that exist or other sites', () => {
    const facts = factsWith(({ content }) => {
      content.routeSlugs = ['home', 'privacy-policy', 'services']
      content.settings!.footerLinks = [
        { label: 'Home', href: '/' },
        { label: 'About Us', href: '/about-us' },
        { label: 'Privacy Policy', href: '/privacy-policy' },
        { label: 'Services', href: '/services/#top' },
        { label: 'Reviews', href: 'https://reviews.example.org/us' },
        { label: 'Careers', href: '/careers?from=footer' },
      ]
    })
    const findings = launchFindings(readConfig(launchEnv), facts).filter((finding) => finding.id === 'footer-link-missing')
    expect(findings.map((finding) => finding.severity)).toEqual(['warning', 'warning'])
    expect(findings[0]!.message).toMatch(/“About Us” to \/about-us, a page that does not exist/)
    expect(findings[0]!.fix).toMatch(/Studio → Pages → create a page with the address “about-us”/)
    expect(findings[1]!.message).toContain('/careers?from=footer')
    // Once an editor writes the page, the warning goes.
    facts.content.routeSlugs = [...facts.content.routeSlugs!, 'about-us', 'careers']
    expect(idsOf(launchEnv, facts)).not.toContain('footer-link-missing')
  })

  it('prints one line per finding with what is wrong and where to fix it', () => {
    const [finding] = launchFindings(readConfig({ ...launchEnv, NEXT_PUBLIC_SITE_URL: 'http://localhost:3000' }), launchFacts())
    const line = findingLine(finding!)
    expect(line).not.toContain('\n')
    expect(line).toMatch(/^✗ blocking \[site-url\] .*localhost.* Fix: Set NEXT_PUBLIC_SITE_URL/)
  })
})

describe('phone numbers calls cannot reach', () => {
  it('knows the fictional range 555-0100 to 555-0199 only', () => {
    expect(isFictionalUsNumber('+18885550100')).toBe(true)
    expect(isFictionalUsNumber('+18885550199')).toBe(true)
    expect(isFictionalUsNumber('+18885550200')).toBe(false)
    expect(isFictionalUsNumber('+18885550099')).toBe(false)
  })

  it('leaves malformed numbers to the format rule', () => {
    expect(unreachablePhoneProblem('212-555-0101')).toBeNull()
    expect(unreachablePhoneProblem('+12127363100')).toBeNull()
    expect(unreachablePhoneProblem('+12125550101')).toMatch(/^555-0100 to 555-0199 numbers are reserved for fiction/)
  })
})

describe('probeSupabase', () => {
  const sockets = new Set<net.Socket>()
  let silent: http.Server
  let silentPort: number
  let refusedPort: number

  beforeAll(async () => {
    // A port nobody listens on: bind, note the port, close.
    const probe = net.createServer()
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
    refusedPort = (probe.address() as AddressInfo).port
    await new Promise<void>((resolve) => probe.close(() => resolve()))
    // Accepts connections and never answers.
    silent = http.createServer(() => {})
    silent.on('connection', (socket) => sockets.add(socket))
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    silentPort = (silent.address() as AddressInfo).port
  })
  afterAll(async () => {
    for (const socket of sockets) socket.destroy()
    await new Promise<void>((resolve) => silent.close(() => resolve()))
  })

  async function answering(handler: http.RequestListener): Promise<{ url: string; close: () => Promise<void> }> {
    const server = http.createServer(handler)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(() => resolve())) }
  }

  it('reaches a PostgREST answer for one row of location_data', async () => {
    const requests: string[] = []
    const stand = await answering((request, response) => {
      requests.push(`${request.url} ${request.headers.apikey}`)
      response.writeHead(200, { 'content-type': 'application/json' }).end('[]')
    })
    try {
      expect(await probeSupabase({ url: stand.url, anonKey: 'anon-key' })).toEqual({ reachable: true })
      expect(requests).toEqual(['/rest/v1/location_data?select=location_code&limit=1 anon-key'])
    } finally {
      await stand.close()
    }
  })

  it('does not take any web server for Supabase', async () => {
    const stand = await answering((_request, response) => response.writeHead(404).end())
    try {
      expect((await probeSupabase({ url: stand.url, anonKey: 'k' })).reachable).toBe(false)
    } finally {
      await stand.close()
    }
  })

  it('reports a refused connection as unreachable', async () => {
    const probe = await probeSupabase({ url: `http://127.0.0.1:${refusedPort}`, anonKey: 'k' })
    expect(probe.reachable).toBe(false)
  })

  it('gives up on a server that never answers, within its timeout', async () => {
    const started = performance.now()
    const probe = await probeSupabase({ url: `http://127.0.0.1:${silentPort}`, anonKey: 'k' })
    expect(probe).toEqual({ reachable: false, reason: 'no answer within 3 s' })
    expect(performance.now() - started).toBeLessThan(10_000)
  }, 15_000)
})

describe('npm run check:launch', () => {
  // Node 24 runs the .ts script directly; vitest may run on an older Node from PATH.
  const node = Number(process.versions.node.split('.')[0]) >= 24 ? process.execPath : path.resolve('node_modules/node/bin/node')

  it('fails on the bundled defaults and names what to fix', async () => {
    const result = await promisify(execFile)(node, ['scripts/launch/check.ts'], { env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production' } }).then(
      () => ({ code: 0, stdout: '' }),
      (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
    )
    expect(result.code).toBe(1)
    for (const id of ['site-url', 'phone-number', 'legal-placeholder', 'conversion-tracking', 'pest-photos', 'footer-link-missing', 'rating-source']) expect(result.stdout).toContain(`[${id}]`)
    // The bundled content's stars and review score are the sample, and name no source.
    expect(result.stdout).toMatch(/\[rating-source\] \d+ pages show the bundled sample rating.*4\.9 from 2,847 reviews/)
    // The bundled footer links to /about-us, which (as in the spec) has no page.
    expect(result.stdout).toMatch(/\[footer-link-missing\].*\/about-us/)
    for (const id of ['revalidate-secret', 'supabase-unreachable', 'robots-blocks-all']) expect(result.stdout).not.toContain(`[${id}]`)
    expect(result.stdout.trim().split('\n').at(-1)).toMatch(/^Not ready for launch: \d+ blocking, \d+ warnings?\./)
  }, 30_000)
})
