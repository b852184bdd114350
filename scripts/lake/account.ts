import { randomBytes } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import { bearerToken, readJson, send, type LakeAddress, type LakeRoute } from './http.ts'
import { EDITOR_ID } from './store.ts'

/**
 * Who is asking and what they may do: the current user (`users/me`), signing in (`auth/*`), the
 * user's key-value store, the project, its datasets, grants and roles, and the housekeeping
 * calls the Studio makes on start (ping, telemetry, CORS check). One local editor has every grant.
 */

/** A user as `users/me` describes one. */
export type LakeUser = { id: string; name?: string; email?: string } & Record<string, unknown>

const EDITOR = {
  id: EDITOR_ID,
  name: 'Local Editor',
  email: 'editor@localhost',
  profileImage: null,
  role: 'administrator',
  roles: [{ name: 'administrator', title: 'Administrator', description: 'Full access on the local lake' }],
  provider: 'local',
}
const ALL_GRANTS = ['read', 'update', 'create', 'history', 'editHistory']

function projectOf(projectId: string) {
  return {
    id: projectId,
    displayName: 'Local Content Lake',
    studioHost: null,
    isBlocked: false,
    isDisabled: false,
    isDisabledByUser: false,
    organizationId: null,
    metadata: { color: '#2276fc' },
    maxRetentionDays: 3,
    members: [{ id: EDITOR_ID, createdAt: '2025-01-01T00:00:00Z', updatedAt: '2025-01-01T00:00:00Z', isCurrentUser: true, isRobot: false, role: 'administrator', roles: EDITOR.roles }],
    features: [],
    pendingInvites: 0,
    createdAt: '2025-01-01T00:00:00Z',
    updatedAt: '2025-01-01T00:00:00Z',
  }
}

/**
 * The lake's users and their routes. Signing in: the Studio's login screen lists one provider; it
 * redirects back with a session id, which the Studio exchanges for the editor's token (auth/fetch)
 * and sends as a bearer token.
 */
export function accounts(address: LakeAddress, otherUsers: Iterable<[token: string, user: LakeUser]> = []) {
  const { projectId, dataset } = address
  const editorToken = `local-${randomBytes(24).toString('hex')}`
  const users = new Map<string, LakeUser>([[editorToken, EDITOR], ...otherUsers])
  const sessions = new Set<string>()
  const keyValues = new Map<string, unknown>()

  /**
   * The one login provider (on the project's host): back to the Studio that asked, on this machine only,
   * with a session id.
   */
  function signIn(response: ServerResponse, url: URL) {
    let origin: URL
    try {
      origin = new URL(url.searchParams.get('origin') ?? '')
    } catch {
      return send(response, 400, { statusCode: 400, error: 'Bad Request', message: 'origin must be the Studio’s address' })
    }
    if (!/^https?:$/.test(origin.protocol) || !/^(localhost|127\.0\.0\.1|\[::1\])$/.test(origin.hostname))
      return send(response, 400, { statusCode: 400, error: 'Bad Request', message: 'The local Content Lake signs in Studios on this machine only' })
    const sid = randomBytes(24).toString('hex')
    sessions.add(sid)
    origin.hash = `sid=${sid}`
    response.writeHead(302, { location: origin.href })
    response.end()
    return true
  }

  const answer: LakeRoute = async (request, response, url, route) => {
    // Who is asking, as Sanity answers it: no token → anonymous ({}), an unknown token → 401.
    const token = bearerToken(request.headers.authorization)
    const user = token === null ? null : users.get(token)
    if (token !== null && !user && (route === 'users/me' || route === 'auth/id'))
      return send(response, 401, { statusCode: 401, error: 'Unauthorized', message: 'Session not found' })
    if (route === 'users/me') return send(response, 200, user ?? {})
    if (route === 'auth/id') return user ? send(response, 200, { id: user.id }) : send(response, 401, { statusCode: 401, error: 'Unauthorized', message: 'Not logged in' })
    if (route === 'auth/providers') {
      const loginUrl = `${address.baseUrl().replace('://localhost', `://${projectId}.localhost`)}/v1/auth/login/local`
      return send(response, 200, { providers: [{ name: 'local', title: 'Local editor (no account)', url: loginUrl }], thirdPartyLogin: false, sso: {} })
    }
    if (route === 'auth/login/local') return signIn(response, url)
    if (route === 'auth/fetch') {
      const sid = url.searchParams.get('sid') ?? ''
      if (!sessions.delete(sid)) return send(response, 401, { statusCode: 401, error: 'Unauthorized', message: 'Session not found' })
      return send(response, 200, { token: editorToken })
    }
    if (route === 'auth/logout') return send(response, 200, {})
    if (route.startsWith('users/me/keyvalue')) {
      if (request.method === 'GET') {
        const keys = decodeURIComponent(route.slice('users/me/keyvalue/'.length)).split(',')
        return send(response, 200, keys.map((key) => ({ key, value: keyValues.get(key) ?? null })))
      }
      const pairs = await readJson<{ key: string; value: unknown }[]>(request)
      for (const pair of pairs) keyValues.set(pair.key, pair.value)
      return send(response, 200, pairs)
    }
    if (/^(projects\/[^/]+\/)?users\/[^/]+$/.test(route)) {
      const ids = decodeURIComponent(route.split('/').at(-1)!).split(',')
      const found = ids.map((id) => (id === EDITOR_ID || id === 'me' ? EDITOR : null)).filter(Boolean)
      return send(response, 200, ids.length > 1 ? found : (found[0] ?? null))
    }
    if (new RegExp(`^projects/${projectId}$`).test(route)) return send(response, 200, projectOf(projectId))
    if (/^projects\/[^/]+\/datasets$/.test(route) || route === 'datasets') return send(response, 200, [{ name: dataset, aclMode: 'public', createdAt: '2025-01-01T00:00:00Z' }])
    if (/^projects\/[^/]+\/datasets\/[^/]+\/acl$/.test(route) || route === 'acl')
      return send(response, 200, [{ filter: '_id in path("**")', permissions: ALL_GRANTS }])
    if (/^projects\/[^/]+\/grants$/.test(route))
      return send(response, 200, { 'sanity.project': [{ grants: [{ name: 'read', params: {} }] }], 'sanity.project.members': [{ grants: [{ name: 'read', params: {} }] }] })
    if (/^projects\/[^/]+\/roles$/.test(route)) return send(response, 200, EDITOR.roles)
    if (/^projects\/[^/]+\/(features|user-applications)/.test(route) || route === 'features' || route === 'access/requests/me') return send(response, 200, [])
    if (route === 'ping') return send(response, 200, { message: 'PONG' })
    if (route === 'intake/telemetry-status') return send(response, 200, { status: 'denied' })
    if (route.startsWith('intake/')) return send(response, 200, {})
    // The client's check after an event stream failed: this origin may call, with credentials.
    if (route === 'check/cors') return send(response, 200, { result: { allowed: true, withCredentials: true } })
    return false
  }
  return { editorToken, users, answer }
}
