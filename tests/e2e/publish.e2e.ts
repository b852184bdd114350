import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from '@sanity/webhook'
import { stegaClean } from 'next-sanity'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatUsPhone, telHref } from '../../web/lib/phone'
import { bundledDocuments, type SanityDocumentLike } from '../../web/lib/sanity/localDataset'
import { startLocalLake, type LocalLake } from '../../scripts/lake/server'
import { siteEnvOnLake } from '../../scripts/lake/siteEnv'
import { PLANTED_SECRETS } from '../support/plantedSecrets'
import { signedArmCookie, startSite, type NextServer } from './nextServer'

/**
 * Publish → live, end to end: the production build is served against the local Content Lake (scripts/lake; the
 * real @sanity/client through apiHost), an editor's change lands in the lake, Sanity's signed
 * webhook arrives, and the changed pages show the change within seconds. A forged webhook changes
 * nothing.
 */
const LAKE_PORT = 4317
const SECRET = 'test-webhook-secret'
const env = siteEnvOnLake({ port: LAKE_PORT, projectId: 'standin', webhookSecret: SECRET, readToken: 'stand-in-read-token' })

let lake: LocalLake
let site: NextServer

beforeAll(async () => {
  lake = await startLocalLake({ documents: bundledDocuments(), port: LAKE_PORT })
  site = await startSite(3127, env)
}, 600_000)

afterAll(async () => {
  await site?.stop()
  await lake?.close()
})

async function h1(path: string, headers: Record<string, string> = {}): Promise<string | undefined> {
  const html = await (await fetch(`${site.url}${path}`, { headers })).text()
  return /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1]
}

async function telLinks(path: string): Promise<Set<string>> {
  const html = await (await fetch(`${site.url}${path}`)).text()
  return new Set([...html.matchAll(/href="(tel:[^"]+)"/g)].map((match) => match[1]!))
}

async function sendWebhook(document: Record<string, unknown>, secret = SECRET): Promise<number> {
  const body = JSON.stringify(document)
  const signature = await encodeSignatureHeader(body, Date.now(), secret)
  const response = await fetch(`${site.url}/api/revalidate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER_NAME]: signature },
    body,
  })
  return response.status
}

function edit(id: string, change: (doc: SanityDocumentLike) => void) {
  const doc = lake.documents.get(id)
  if (!doc) throw new Error(`no ${id} in the local lake`)
  change(doc)
}

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = performance.now()
  while (performance.now() - started < timeoutMs) {
    if (await check()) return performance.now() - started
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`not visible within ${timeoutMs} ms`)
}

describe('publish → live', () => {
  it('serves the pages from the Content Lake', async () => {
    expect(await h1('/ants')).toBe('Ant Exterminator')
    expect(lake.requests.some((request) => request.includes('/data/query/production'))).toBe(true)
  })

  it('ignores a webhook with a forged signature', async () => {
    // The page as visitors have it before the change.
    expect(await h1('/ants')).toBe('Ant Exterminator')
    edit('pestPage-ants', (doc) => ((doc.hero as { title: string }).title = 'Forged Title'))
    expect(await sendWebhook({ _type: 'pestPage', _id: 'pestPage-ants', slug: 'ants' }, 'wrong-secret')).toBe(401)
    const unsigned = await fetch(`${site.url}/api/revalidate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ _type: 'siteSettings' }),
    })
    expect(unsigned.status).toBe(401)
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(await h1('/ants')).toBe('Ant Exterminator')
  })

  it('shows a changed H1 and a changed phone within 5 s of a signed webhook', async () => {
    edit('pestPage-ants', (doc) => ((doc.hero as { title: string }).title = 'Ants Gone Today'))
    edit('siteSettings', (doc) => (doc.phone = '+12125550199'))
    const started = performance.now()
    expect(await sendWebhook({ _type: 'pestPage', _id: 'pestPage-ants', slug: 'ants' })).toBe(200)
    expect(await sendWebhook({ _type: 'siteSettings', _id: 'siteSettings' })).toBe(200)
    const newTel = telHref('+12125550199')
    await until(async () => (await h1('/ants')) === 'Ants Gone Today', 5000)
    await until(async () => {
      const [home, ants] = await Promise.all([telLinks('/'), telLinks('/ants')])
      return home.size === 1 && home.has(newTel) && ants.size === 1 && ants.has(newTel)
    }, 5000)
    const latency = performance.now() - started
    console.log(`publish → visible: ${Math.round(latency)} ms (webhook sent to the changed /ants H1 and the new phone on / and /ants)`)
    expect(latency).toBeLessThan(5000)
  })

  it('leaves pages the change does not touch alone', async () => {
    // /roaches shares only the settings tag with this change: it has the new phone and its own H1.
    expect(await h1('/roaches')).toBe('Cockroach Exterminator')
  })
})

describe('personalization as content', () => {
  it('personalizes a page created with ad inputs, without a rebuild (approved keywords only)', async () => {
    // An editor copies /v2, gives it its own address, makes it read the keyword with a title template,
    // approves two keywords, and publishes.
    const page = structuredClone(lake.documents.get('page-v2')!)
    const hero = (page.blocks as { _type: string; title: string; titleTemplate?: string }[]).find((block) => block._type === 'hero')!
    hero.titleTemplate = '{Keyword} Near You'
    lake.documents.set('page-termite-deals', {
      ...page,
      _id: 'page-termite-deals',
      slug: { _type: 'slug', current: 'termite-deals' },
      adInputs: ['keyword', 'location'],
      approvedKeywords: ['Termite Treatment', 'termite inspection'],
    })
    expect(await sendWebhook({ _type: 'page', _id: 'page-termite-deals', slug: 'termite-deals' })).toBe(200)
    // The proxy's lists refresh every 30 s, and a revalidated tag answers stale once first: within about 60 s.
    const waited = await until(async () => (await h1('/termite-deals?kw=termite+treatment+near+me&gclid=1')) === 'Termite Treatment Near You', 75_000)
    console.log(`new personalized page live after ${Math.round(waited)} ms`)
    expect(await h1('/termite-deals')).toBe(hero.title)
    // Not approved: the default title; the location still shapes the page.
    const other = await (await fetch(`${site.url}/termite-deals?kw=wasp+removal&loc_physical_ms=1026339`)).text()
    expect(/<h1[^>]*>([^<]*)<\/h1>/.exec(other)?.[1]).toBe(hero.title)
    expect(other).toContain('We service Dallas and the surrounding area in TX.')
    // Canonical stays the plain page.
    expect(other).toContain('<link rel="canonical" href="http://localhost:3000/termite-deals"/>')
  }, 120_000)

  it('runs an A/B test an editor adds: versions by cookie, crawlers see the control, taps carry the version', async () => {
    const page = structuredClone(lake.documents.get('page-v2')!)
    const hero = (page.blocks as { _type: string; title: string }[]).find((block) => block._type === 'hero')!
    lake.documents.set('page-ab-test', {
      ...page,
      _id: 'page-ab-test',
      slug: { _type: 'slug', current: 'ab-test' },
      adInputs: [],
      experiment: {
        name: { _type: 'slug', current: 'spring-headline' },
        arms: [
          { _key: 'a', key: 'a', weight: 50 },
          { _key: 'b', key: 'b', weight: 50, heroTitle: 'Pests Gone By Friday', heroButtonLabel: 'Call Now, Pay Later' },
        ],
      },
    })
    expect(await sendWebhook({ _type: 'page', _id: 'page-ab-test', slug: 'ab-test' })).toBe(200)
    const versionB = signedArmCookie('spring-headline', 'b')
    await until(async () => (await h1('/ab-test', { cookie: versionB })) === 'Pests Gone By Friday', 75_000)
    // A first visit gets a version and a cookie; with the cookie it keeps it.
    const first = await fetch(`${site.url}/ab-test?gclid=1`)
    const cookie = (first.headers.get('set-cookie') ?? '').split(';')[0]!
    expect(cookie).toMatch(/^lpe_ab_spring-headline=(a|b)\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/)
    const arm = cookie.split('=')[1]!.split('.')[0]
    const firstHtml = await first.text()
    expect(firstHtml).toContain(`data-call-experiment="spring-headline" data-call-arm="${arm}"`)
    for (let visit = 0; visit < 3; visit++) {
      const again = await fetch(`${site.url}/ab-test`, { headers: { cookie } })
      expect(again.headers.get('set-cookie')).toBeNull()
      expect(await again.text()).toContain(`data-call-arm="${arm}"`)
    }
    // Version b changes what it says it changes; a search engine sees the control, with no cookie.
    const b = await (await fetch(`${site.url}/ab-test`, { headers: { cookie: versionB } })).text()
    expect(b).toContain('Call Now, Pay Later')
    expect(b).toContain('<link rel="canonical" href="http://localhost:3000/ab-test"/>')
    const crawler = await fetch(`${site.url}/ab-test`, { headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' } })
    expect(crawler.headers.get('set-cookie')).toBeNull()
    // …and the control: no version's copy is ever kept as the plain page (the front tells Next "no version").
    expect(/<h1[^>]*>([^<]*)<\/h1>/.exec(await crawler.text())?.[1]).toBe(hero.title)
    expect(await h1('/ab-test', { 'user-agent': 'Mozilla/5.0 (compatible; bingbot/2.0)' })).toBe(hero.title)
  }, 120_000)

})

describe('tracking numbers', () => {
  const CAMPAIGN = '+12145550177'
  const forms = (e164: string) => [telHref(e164), formatUsPhone(e164), e164]
  /**
   * A page as a visitor gets it, with its scripts set aside: the flight data names the cached route, and
   * carries the not-found page Next keeps ready for client navigations (Site settings' own number).
   * Structured data (JSON-LD, its telephone) stays; the copy's own variant address (data-call-variant-key) differs by design.
   */
  const comparable = (html: string) =>
    html
      .replace(/<script\b(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script>/g, '')
      .replace(/<link rel="(?:preload|modulepreload)"[^>]*>/g, '')
      .replace(/ data-call-(?:variant|variant-key|number)="[^"]*"/g, '')

  const campaignLanding = '/ants?utm_source=google&utm_medium=cpc&utm_campaign=termites+fall&gclid=abc'
  /**
   * Publishes the "Termites Fall" campaign rule in Site settings (once) and waits until a landing from that
   * campaign shows its number, so each test of this group also runs on its own (`-t`).
   */
  async function campaignRulePublished(): Promise<number> {
    const settings = lake.documents.get('siteSettings')!
    const rules = (settings.trackingNumbers ?? []) as { _key: string }[]
    if (!rules.some((rule) => rule._key === 'fall')) {
      edit('siteSettings', (doc) => {
        doc.trackingNumbers = [{ _key: 'fall', _type: 'trackingNumberRule', match: 'campaign', value: 'Termites Fall', phone: CAMPAIGN }]
      })
      expect(await sendWebhook({ _type: 'siteSettings', _id: 'siteSettings' })).toBe(200)
    }
    return until(async () => (await (await fetch(`${site.url}${campaignLanding}`)).text()).includes(telHref(CAMPAIGN)), 75_000)
  }

  it('a campaign rule changes every number on the page and nothing else, with no rebuild', async () => {
    // Site settings' number as the tests before left it.
    const DEFAULT = String(lake.documents.get('siteSettings')!.phone)
    const before = await (await fetch(`${site.url}/ants`)).text()
    expect(before).toContain(telHref(DEFAULT))
    const waited = await campaignRulePublished()
    console.log(`campaign number live after ${Math.round(waited)} ms`)

    const plain = await (await fetch(`${site.url}/ants?utm_campaign=spring`)).text()
    const campaign = await (await fetch(`${site.url}${campaignLanding}`)).text()
    for (const form of forms(DEFAULT)) expect(comparable(campaign)).not.toContain(form)
    expect(campaign).toContain(`data-call-number="${CAMPAIGN}"`)
    const links = [...campaign.matchAll(/href="(tel:[^"]+)"/g)].map((match) => match[1])
    expect(links.length).toBeGreaterThan(3)
    expect(new Set(links)).toEqual(new Set([telHref(CAMPAIGN)]))
    // The same page as the plain one once the numbers are swapped back: nothing else changed.
    let swapped = comparable(campaign)
    for (const [index, form] of forms(CAMPAIGN).entries()) swapped = swapped.replaceAll(form, forms(DEFAULT)[index]!)
    expect(swapped).toBe(comparable(plain))
    // Another campaign, or none, keeps the default number; the home page's own ad inputs still apply.
    expect(plain).toContain(telHref(DEFAULT))
    expect(plain).not.toContain(CAMPAIGN)
    const home = await (await fetch(`${site.url}/?kw=wasp+removal&utm_campaign=Termites%20Fall`)).text()
    expect(/<h1[^>]*>([^<]*)<\/h1>/.exec(home)?.[1]).toBe('Wasp Removal')
    expect(home).toContain(telHref(CAMPAIGN))
    expect(comparable(home)).not.toContain(telHref(DEFAULT))
  }, 120_000)

  it('keeps the campaign’s number for the rest of the visit, until another landing', async () => {
    await campaignRulePublished()
    const landing = await fetch(`${site.url}/ants?utm_campaign=termites+fall`)
    await landing.text()
    const cookie = (landing.headers.get('set-cookie') ?? '').split(';')[0]!
    expect(cookie).toBe('lpe_src=campaign%3Atermites-fall')
    // The next page of the visit, without utm values: the campaign's number, from a shared copy.
    for (let visit = 0; visit < 2; visit++) {
      const next = await fetch(`${site.url}/roaches`, { headers: { cookie } })
      const html = await next.text()
      expect(html).toContain(telHref(CAMPAIGN))
      expect(comparable(html)).not.toContain(telHref(String(lake.documents.get('siteSettings')!.phone)))
      expect(next.headers.get('set-cookie')).toBeNull()
    }
    // Without the cookie, the same page has the default number (the campaign's copy is never the plain one).
    expect(await (await fetch(`${site.url}/roaches`)).text()).not.toContain(CAMPAIGN)
    // A landing from another campaign clears it.
    const other = await fetch(`${site.url}/roaches?utm_campaign=spring`, { headers: { cookie } })
    expect(await other.text()).not.toContain(CAMPAIGN)
    expect(other.headers.get('set-cookie')).toMatch(/^lpe_src=; Path=\/; Max-Age=0/)
  }, 120_000)
})

describe('when the Content Lake fails after the site has served pages', () => {
  it('keeps serving the last good page through a refresh that fails (500, then unreachable)', async () => {
    const before = await h1('/ants')
    lake.failWith = 500
    try {
      expect(await sendWebhook({ _type: 'pestPage', _id: 'pestPage-ants', slug: 'ants' })).toBe(200)
      for (let attempt = 0; attempt < 3; attempt++) {
        const response = await fetch(`${site.url}/ants`)
        expect(response.status).toBe(200)
        expect(/<h1[^>]*>([^<]*)<\/h1>/.exec(await response.text())?.[1]).toBe(before)
      }
      const home = await fetch(`${site.url}/`)
      expect(home.status).toBe(200)
    } finally {
      lake.failWith = null
    }
  })
})

describe('secrets', () => {
  it('never puts a server-only value into a client bundle or a page', async () => {
    const { readdirSync, readFileSync, statSync } = await import('node:fs')
    const path = await import('node:path')
    // This server's own secrets, and those the suite's build was made with (npm test: scripts/testBuild.ts).
    const planted = [env.SANITY_REVALIDATE_SECRET, env.SANITY_API_READ_TOKEN, ...Object.values(PLANTED_SECRETS)]
    const found: string[] = []
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const file = path.join(dir, name)
        if (statSync(file).isDirectory()) walk(file)
        else if (/\.(js|css|html|rsc|json)$/.test(name)) {
          const text = readFileSync(file, 'utf8')
          for (const secret of planted) if (text.includes(secret)) found.push(`${file}: ${secret}`)
        }
      }
    }
    const build = path.resolve('web', process.env.NEXT_DIST_DIR || '.next')
    walk(path.join(build, 'static'))
    walk(path.join(build, 'server/app'))
    for (const page of ['/', '/ants', '/simple-landing', '/v2', '/no-such-page']) {
      const html = await (await fetch(`${site.url}${page}`)).text()
      for (const secret of planted) if (html.includes(secret)) found.push(`${page}: ${secret}`)
    }
    expect(found).toEqual([])
  })
})

describe('draft preview (Presentation tool)', () => {
  const PREVIEW_SECRET = 'preview-secret-from-the-studio'
  const STEGA = /[\u200b\u200c\u200d\u2060\ufeff]/

  it('refuses to enable draft mode without the Studio’s secret', async () => {
    const response = await fetch(`${site.url}/api/draft-mode/enable?sanity-preview-secret=guess&sanity-preview-pathname=/ants`, { redirect: 'manual' })
    expect(response.status).toBe(401)
    expect(response.headers.get('set-cookie') ?? '').not.toContain('__prerender_bypass')
  })

  it('shows drafts only in draft mode; public pages stay published and clean', async () => {
    // The published page as visitors have it before the draft exists.
    const publishedH1 = await h1('/ants')
    expect(publishedH1).toBeTruthy()
    lake.documents.set('sanity-preview-url-secret.test', {
      _id: 'sanity-preview-url-secret.test',
      _type: 'sanity.previewUrlSecret',
      _updatedAt: new Date().toISOString(),
      secret: PREVIEW_SECRET,
      source: 'test',
      studioUrl: '/studio',
      userId: 'editor',
    })
    const draft = structuredClone(lake.documents.get('pestPage-ants')!)
    ;(draft.hero as { title: string }).title = 'Draft Ant Headline'
    lake.documents.set('drafts.pestPage-ants', { ...draft, _id: 'drafts.pestPage-ants' })

    const enable = await fetch(`${site.url}/api/draft-mode/enable?sanity-preview-secret=${PREVIEW_SECRET}&sanity-preview-pathname=/ants`, {
      redirect: 'manual',
    })
    expect(enable.status).toBe(307)
    expect(enable.headers.get('location')).toContain('/ants')
    const cookie = enable.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ')
    expect(cookie).toContain('__prerender_bypass=')

    const preview = await (await fetch(`${site.url}/ants`, { headers: { cookie } })).text()
    const previewH1 = /<h1[^>]*>([^<]*)<\/h1>/.exec(preview)?.[1] ?? ''
    // (Click-to-edit markers are added from the Content Lake's source maps, which the local lake does not produce.)
    expect(stegaClean(previewH1)).toBe('Draft Ant Headline')
    // Values the code reads are never encoded: the call links still dial the settings phone.
    expect([...preview.matchAll(/href="(tel:[^"]+)"/g)].every((match) => !STEGA.test(match[1]!))).toBe(true)

    const published = await (await fetch(`${site.url}/ants`)).text()
    expect(/<h1[^>]*>([^<]*)<\/h1>/.exec(published)?.[1]).toBe(publishedH1)
    expect(published).not.toMatch(STEGA)
  })
})
