import { readdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { config } from '../../web/proxy'

const WEB = path.resolve(import.meta.dirname, '../../web')
const matcher = new RegExp(`^${config.matcher[0]}$`)

function publicFiles(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? publicFiles(path.join(dir, entry.name), `${prefix}/${entry.name}`) : [`${prefix}/${entry.name}`],
  )
}

/** Files Next serves from web/app by convention (icon.svg, robots.txt, …). */
function appFiles(): string[] {
  return readdirSync(path.join(WEB, 'app'))
    .filter((name) => /^(?:icon|apple-icon|favicon|robots|sitemap|manifest|opengraph-image|twitter-image)\./.test(name))
    // sitemap.ts answers /sitemap.xml, robots.ts /robots.txt, manifest.ts /manifest.webmanifest.
    .map((name) => `/${name.replace(/^(sitemap|robots|manifest)\.tsx?$/, (_, base: string) => `${base}.${{ sitemap: 'xml', robots: 'txt', manifest: 'webmanifest' }[base]}`)}`)
}

describe('the proxy matcher', () => {
  it('leaves every file the site serves to Next', () => {
    const files = [...publicFiles(path.join(WEB, 'public')), ...appFiles()]
    expect(files.length).toBeGreaterThan(0)
    expect(files.filter((file) => matcher.test(file))).toEqual([])
  })

  it('takes unknown addresses with an extension, so they get the prebuilt 404 and are not cached per address', () => {
    for (const address of ['/x-1.html', '/wp-login.php', '/ants.html', '/.env', '/ants/feed.xml']) expect(matcher.test(address), address).toBe(true)
  })

  it('takes pages and leaves Next’s files, API routes and the Studio alone', () => {
    for (const address of ['/', '/ants', '/v2', '/studio-cleaning']) expect(matcher.test(address), address).toBe(true)
    for (const address of ['/_next/static/chunks/a.js', '/api/revalidate', '/studio', '/studio/desk', '/sitemaps/places-1.xml']) expect(matcher.test(address), address).toBe(false)
    // Service-area pages are pages: the request hook decides whether one exists.
    for (const address of ['/ants/texas', '/ants/texas/austin']) expect(matcher.test(address), address).toBe(true)
  })
})
