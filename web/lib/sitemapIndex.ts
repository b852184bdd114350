/**
 * Sitemaps as files: a `<urlset>` in the exact form Next writes for app/sitemap.ts (so /sitemap.xml reads the same
 * when it is a single file), and the `<sitemapindex>` of several, which Next does not write (its generateSitemaps makes only the child files).
 * Limits of the sitemap protocol (sitemaps.org): at most 50,000 URLs and 50 MB (52,428,800 bytes) a file.
 */
export const SITEMAP_MAX_URLS = 50_000
export const SITEMAP_MAX_BYTES = 52_428_800

export interface SitemapEntry {
  url: string
  lastModified?: string
}

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n'
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9'

/** XML's five special characters as entities (the protocol asks for them escaped in URLs too). */
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!)

function urlXml(entry: SitemapEntry): string {
  return `<url>\n<loc>${escapeXml(entry.url)}</loc>\n${entry.lastModified ? `<lastmod>${escapeXml(entry.lastModified)}</lastmod>\n` : ''}</url>\n`
}

export function urlsetXml(entries: readonly SitemapEntry[]): string {
  return `${HEAD}<urlset xmlns="${NAMESPACE}">\n${entries.map(urlXml).join('')}</urlset>\n`
}

export function sitemapIndexXml(sitemaps: readonly SitemapEntry[]): string {
  const items = sitemaps.map((entry) => `<sitemap>\n<loc>${escapeXml(entry.url)}</loc>\n${entry.lastModified ? `<lastmod>${escapeXml(entry.lastModified)}</lastmod>\n` : ''}</sitemap>\n`)
  return `${HEAD}<sitemapindex xmlns="${NAMESPACE}">\n${items.join('')}</sitemapindex>\n`
}

/** Entries cut into files within the limits, in order; none when there are no entries (a sitemap needs one URL). */
const bytesOf = (text: string) => new TextEncoder().encode(text).length

export function splitSitemap(entries: readonly SitemapEntry[], { maxUrls = SITEMAP_MAX_URLS, maxBytes = SITEMAP_MAX_BYTES } = {}): SitemapEntry[][] {
  const frame = bytesOf(urlsetXml([]))
  const files: SitemapEntry[][] = []
  let current: SitemapEntry[] = []
  let bytes = frame
  for (const entry of entries) {
    const size = bytesOf(urlXml(entry))
    if (current.length > 0 && (current.length >= maxUrls || bytes + size > maxBytes)) {
      files.push(current)
      current = []
      bytes = frame
    }
    current.push(entry)
    bytes += size
  }
  if (current.length > 0) files.push(current)
  return files
}

/** The latest lastmod of some entries (ISO dates compare as text). */
export const latest = (entries: readonly SitemapEntry[]): string | undefined =>
  entries.reduce<string | undefined>((max, entry) => (entry.lastModified && (!max || entry.lastModified > max) ? entry.lastModified : max), undefined)
