// What each page's answer weighs as the front sends it, against a running site (`npm start` on a production build):
// response header bytes, the HTML raw, gzip and Brotli, and headers + compressed HTML against the first flight
// (about 14 KB: ten TCP segments, the most a server sends before the first acknowledgement).
// Usage: node bench/htmlBytes.ts [base=http://127.0.0.1:3000]
//        BREAKDOWN=/ants node bench/htmlBytes.ts …   also prints where one page's raw bytes go
import http from 'node:http'
import { pathToFileURL } from 'node:url'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { routeSlugsQuery, settingsQuery } from '../web/content/queries.ts'
import { bundledDocuments, queryDocuments } from '../web/lib/sanity/localDataset.ts'

/** A server's first flight: 10 segments (RFC 6928's initial window) of ~1,400 bytes each. */
export const FIRST_FLIGHT_BYTES = 14_000

export interface HtmlBytes {
  route: string
  status: number
  /** The status line and headers as sent with the gzip answer (the Brotli answer's differ only in the encoding's name). */
  headerBytes: number
  rawBytes: number
  gzipBytes: number
  brotliBytes: number
  /** headerBytes + the larger of the two compressed bodies. */
  totalBytes: number
}

/** The routes the bundled dataset has, the ad-shaped addresses the issue measured, and an unknown address. */
export async function measuredRoutes(): Promise<string[]> {
  const docs = bundledDocuments()
  const slugs = (await queryDocuments(docs, routeSlugsQuery)) as string[]
  const { homeSlug } = (await queryDocuments(docs, settingsQuery)) as { homeSlug: string }
  const routed = slugs.map((slug) => (slug === homeSlug ? '/' : `/${slug}`))
  const adShaped = ['/?kw=termite+treatment&loc_physical_ms=1026339', '/v2?headline1=Same+Day+Wasp+Removal&q=y']
  return [...new Set([...routed, ...adShaped, '/no-such-page-here'])]
}

interface Answer {
  status: number
  headerBytes: number
  encoding: string
  body: Buffer
}

/** One GET as a browser sends it; the header bytes are counted from the wire (node:http keeps the raw lines). */
function get(url: URL, acceptEncoding: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { 'accept-encoding': acceptEncoding, accept: 'text/html', 'user-agent': 'Mozilla/5.0 (htmlBytes bench)' } }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => {
        const lines = [`HTTP/1.1 ${response.statusCode} ${response.statusMessage}`]
        for (let index = 0; index < response.rawHeaders.length; index += 2) lines.push(`${response.rawHeaders[index]}: ${response.rawHeaders[index + 1]}`)
        resolve({
          status: response.statusCode ?? 0,
          headerBytes: Buffer.byteLength(lines.join('\r\n') + '\r\n\r\n'),
          encoding: String(response.headers['content-encoding'] ?? ''),
          body: Buffer.concat(chunks),
        })
      })
      response.on('error', reject)
    })
    request.on('error', reject)
  })
}

function decoded(answer: Answer): Buffer {
  if (answer.encoding === 'gzip') return gunzipSync(answer.body)
  if (answer.encoding === 'br') return brotliDecompressSync(answer.body)
  return answer.body
}

/** Fetches a route until the front answers from its copy (the first answer may be Next's own, before the copy is stored). */
export async function measureRoute(base: string, route: string): Promise<HtmlBytes & { html: string }> {
  const url = new URL(route, base)
  await get(url, 'gzip')
  const gzip = await get(url, 'gzip')
  const brotli = await get(url, 'br')
  const raw = await get(url, 'identity')
  if (gzip.encoding !== 'gzip') throw new Error(`${route}: asked for gzip, got "${gzip.encoding || 'identity'}"`)
  const html = decoded(raw)
  const brotliBytes = brotli.encoding === 'br' ? brotli.body.length : Number.NaN
  return {
    route,
    status: gzip.status,
    headerBytes: gzip.headerBytes,
    rawBytes: html.length,
    gzipBytes: gzip.body.length,
    brotliBytes,
    totalBytes: gzip.headerBytes + Math.max(gzip.body.length, Number.isNaN(brotliBytes) ? html.length : brotliBytes),
    html: html.toString('utf8'),
  }
}

function verdict(bytes: number): string {
  if (Number.isNaN(bytes)) return '—'
  return bytes <= FIRST_FLIGHT_BYTES ? 'fits' : `+${bytes - FIRST_FLIGHT_BYTES}`
}

export function printTable(rows: HtmlBytes[]) {
  console.table(
    rows.map((row) => ({
      route: row.route,
      status: row.status,
      'headers B': row.headerBytes,
      'HTML raw B': row.rawBytes,
      'gzip B': row.gzipBytes,
      'br B': Number.isNaN(row.brotliBytes) ? 'not served' : row.brotliBytes,
      'headers+gzip': row.headerBytes + row.gzipBytes,
      'headers+br': Number.isNaN(row.brotliBytes) ? '—' : row.headerBytes + row.brotliBytes,
      [`br vs ${FIRST_FLIGHT_BYTES}`]: verdict(row.headerBytes + row.brotliBytes),
      [`gzip vs ${FIRST_FLIGHT_BYTES}`]: verdict(row.headerBytes + row.gzipBytes),
    })),
  )
}

/** Where one page's raw bytes go: Next's flight data (self.__next_f.push), other inline scripts, markup. */
export function breakdown(html: string): Record<string, number> {
  const scripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)]
  const flight = scripts.filter((match) => match[1]!.includes('self.__next_f')).reduce((sum, match) => sum + match[0].length, 0)
  const otherInline = scripts.filter((match) => match[1]!.length > 0 && !match[1]!.includes('self.__next_f')).reduce((sum, match) => sum + match[0].length, 0)
  const head = html.indexOf('</head>')
  return {
    total: html.length,
    'flight data (self.__next_f)': flight,
    'other inline scripts': otherInline,
    '<head>': head > 0 ? html.slice(0, head).length : 0,
    'body markup (without scripts)': html.length - flight - otherInline - (head > 0 ? head : 0),
    'flight rows': (html.match(/self\.__next_f\.push/g) ?? []).length,
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const base = process.argv[2] ?? 'http://127.0.0.1:3000'
  const rows: (HtmlBytes & { html: string })[] = []
  for (const route of await measuredRoutes()) rows.push(await measureRoute(base, route))
  console.log(`Each page as the front sends it, ${base} (headers + compressed HTML vs the ${FIRST_FLIGHT_BYTES} B first flight)`)
  printTable(rows)
  const focus = process.env.BREAKDOWN
  if (focus) {
    const row = rows.find((candidate) => candidate.route === focus)
    if (row) console.table(breakdown(row.html))
  }
}
