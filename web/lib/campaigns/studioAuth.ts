import { createHash } from 'node:crypto'
import { LRUCache } from 'lru-cache'
import { readConfig, type Env } from '../config.ts'

/**
 * Who may read the Calls report: a Studio user of this site's Sanity project. The Studio sends its
 * own token (`Authorization: Bearer …`); the site asks the Content Lake who that is with
 * `GET /v{apiVersion}/users/me` — Sanity answers a user with an `id` (and its `role` and `roles`) for a valid
 * token, 401 for an unknown one and `{}` for none — and accepts only an answer with an id. Where it asks comes only
 * from the server's configuration, never from the request.
 */
export interface StudioUser {
  id: string
  name: string
  /** The user's roles in the project (users/me `roles[].name`, e.g. administrator, editor). */
  roles: string[]
}

/** Whether a Studio user may change what the numbers say (outcomes, values): an administrator, or a role the owner names. */
export const mayChangeOutcomes = (user: StudioUser, allowed: readonly string[]): boolean => user.roles.some((role) => role === 'administrator' || allowed.includes(role))

/** The users/me address of the configured project, or of the local Content Lake when none is configured. */
export function usersMeUrl(env: Env = process.env): string {
  const { sanity, sanityApiVersion, lakePort } = readConfig(env)
  if (sanity?.apiHost) return `${sanity.apiHost.replace(/\/+$/, '')}/v${sanity.apiVersion}/users/me`
  if (sanity) return `https://${sanity.projectId}.api.sanity.io/v${sanity.apiVersion}/users/me`
  // No project: the Studio edits the local Content Lake (scripts/lake), on this machine.
  return `http://127.0.0.1:${lakePort}/v${sanityApiVersion}/users/me`
}

/** The token of an `Authorization: Bearer <token>` header, or null (absent, another scheme, absurd). */
export function bearerToken(header: string | null | undefined): string | null {
  const token = /^Bearer ([\x21-\x7e]{1,2000})$/.exec(header?.trim() ?? '')?.[1]
  return token ?? null
}

export interface StudioAuth {
  /** The Studio user the token belongs to, or null (refused). Throws when the Content Lake cannot be asked. */
  verify(token: string): Promise<StudioUser | null>
}

export function studioAuth({ url, timeoutMs = 3_000, cacheMs = 60_000 }: { url: string; timeoutMs?: number; cacheMs?: number }): StudioAuth {
  // A valid token is remembered for a minute (by its hash, not the token itself), so opening the
  // tool does not ask Sanity on every refresh; refusals are not remembered.
  const known = new LRUCache<string, StudioUser>({ max: 500, ttl: cacheMs })
  return {
    async verify(token) {
      const key = createHash('sha256').update(token).digest('hex')
      const cached = known.get(key)
      if (cached) return cached
      const response = await fetch(url, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs), cache: 'no-store' })
      if (response.status === 401 || response.status === 403) return null
      if (!response.ok) throw new Error(`users/me answered ${response.status}`)
      const body = (await response.json().catch(() => null)) as { id?: unknown; name?: unknown; role?: unknown; roles?: unknown } | null
      if (typeof body?.id !== 'string' || body.id === '') return null
      const listed = Array.isArray(body.roles) ? body.roles.map((role: unknown) => (typeof role === 'object' && role !== null && typeof (role as { name?: unknown }).name === 'string' ? (role as { name: string }).name : '')).filter(Boolean) : []
      const roles = listed.length > 0 ? listed : typeof body.role === 'string' && body.role ? [body.role] : []
      const user = { id: body.id, name: typeof body.name === 'string' ? body.name : '', roles }
      known.set(key, user)
      return user
    },
  }
}
