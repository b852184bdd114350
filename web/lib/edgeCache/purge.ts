import type { EdgeConfig } from '../config.ts'
import { isSurrogateKey } from './headers.ts'

/**
 * Purges exactly the given content tags from every configured shared cache, each by its own documented
 * interface, in parallel; one failing cache never stops the others, and each result is reported:
 * - Varnish (deploy/varnish.vcl): `BAN /` with the keys in a `Surrogate-Key` request header; the VCL bans
 *   every object whose Surrogate-Key holds one of them (Debian's Varnish has no xkey module).
 * - Cloudflare: `POST /zones/{zone_id}/purge_cache` with `{"tags": [...]}` (Cache-Tag), 30 tags a request.
 * - Fastly: `POST /service/{service_id}/purge` with the keys in a `Surrogate-Key` header, 256 a request.
 */
export interface PurgeResult {
  cache: 'varnish' | 'cloudflare' | 'fastly'
  target: string
  ok: boolean
  detail: string
}

const PURGE_TIMEOUT_MS = 5_000
const CLOUDFLARE_TAGS_PER_REQUEST = 30
const FASTLY_KEYS_PER_REQUEST = 256

export async function purgeEdge(edge: EdgeConfig, tags: readonly string[], fetchImpl: typeof fetch = fetch): Promise<PurgeResult[]> {
  const keys = [...new Set(tags)].filter(isSurrogateKey)
  if (keys.length === 0) return []
  const jobs: Promise<PurgeResult>[] = []
  for (const url of edge.varnish) {
    jobs.push(
      attempt('varnish', url, async () => {
        const response = await fetchImpl(new URL('/', url), { method: 'BAN', headers: { 'surrogate-key': keys.join(' ') }, signal: AbortSignal.timeout(PURGE_TIMEOUT_MS) })
        await response.arrayBuffer()
        return response.ok ? `banned ${keys.length} keys` : fail(`HTTP ${response.status}`)
      }),
    )
  }
  const { cloudflare, fastly } = edge
  if (cloudflare) {
    const endpoint = `${cloudflare.apiUrl.replace(/\/+$/, '')}/zones/${cloudflare.zoneId}/purge_cache`
    for (const batch of batches(keys, CLOUDFLARE_TAGS_PER_REQUEST)) {
      jobs.push(
        attempt('cloudflare', endpoint, async () => {
          const response = await fetchImpl(endpoint, {
            method: 'POST',
            headers: { authorization: `Bearer ${cloudflare.token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ tags: batch }),
            signal: AbortSignal.timeout(PURGE_TIMEOUT_MS),
          })
          const body = (await response.json().catch(() => null)) as { success?: boolean; errors?: { message?: string }[] } | null
          if (!response.ok || body?.success !== true) return fail(`HTTP ${response.status}${body?.errors?.[0]?.message ? `: ${body.errors[0].message}` : ''}`)
          return `purged ${batch.length} tags`
        }),
      )
    }
  }
  if (fastly) {
    const endpoint = `${fastly.apiUrl.replace(/\/+$/, '')}/service/${fastly.serviceId}/purge`
    for (const batch of batches(keys, FASTLY_KEYS_PER_REQUEST)) {
      jobs.push(
        attempt('fastly', endpoint, async () => {
          const response = await fetchImpl(endpoint, {
            method: 'POST',
            headers: { 'fastly-key': fastly.token, 'surrogate-key': batch.join(' '), accept: 'application/json' },
            signal: AbortSignal.timeout(PURGE_TIMEOUT_MS),
          })
          await response.arrayBuffer()
          return response.ok ? `purged ${batch.length} keys` : fail(`HTTP ${response.status}`)
        }),
      )
    }
  }
  return Promise.all(jobs)
}

class PurgeFailure extends Error {}
function fail(message: string): never {
  throw new PurgeFailure(message)
}

async function attempt(cache: PurgeResult['cache'], target: string, run: () => Promise<string>): Promise<PurgeResult> {
  // The target names no token: Cloudflare's and Fastly's are in headers, a Varnish URL carries none.
  const shown = new URL(target).origin + new URL(target).pathname
  try {
    return { cache, target: shown, ok: true, detail: await run() }
  } catch (error) {
    return { cache, target: shown, ok: false, detail: error instanceof Error ? error.message : String(error) }
  }
}

function batches<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = []
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size))
  return out
}
