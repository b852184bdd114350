/**
 * `GET /v{apiVersion}/users/me` as Sanity's API answers it, for the local Content Lake
 * (scripts/lake/server.ts) and the tests' stand-in (tests/support/contentLake.ts):
 * - no credentials → 200 `{}` (no `id`: nobody is logged in);
 * - `Authorization: Bearer <token>` Sanity does not know → 401
 *   `{"statusCode":401,"error":"Unauthorized","message":"Session not found","errorCode":"SIO-401-ANF"}`;
 * - a token it knows → 200 with the user (`id`, `name`, `email`, …).
 * The site's Calls report (web/lib/campaigns/studioAuth.ts) accepts a token only on the last answer.
 */
export interface LakeUser {
  id: string
  name: string
  email: string
  [field: string]: unknown
}

/**
 * The local lake's one editor token. The local lake has no logins: the Studio on it sends no token
 * and is the local editor (as if it held a session cookie); this is what its Calls tool sends.
 */
export const LOCAL_EDITOR_TOKEN = 'local-lake'

export const SESSION_NOT_FOUND = { statusCode: 401, error: 'Unauthorized', message: 'Session not found', errorCode: 'SIO-401-ANF' } as const

export function answerUsersMe(
  authorization: string | string[] | undefined,
  users: ReadonlyMap<string, LakeUser>,
  withoutToken: LakeUser | Record<string, never> = {},
): { status: number; body: unknown } {
  const header = Array.isArray(authorization) ? authorization[0] : authorization
  if (!header) return { status: 200, body: withoutToken }
  const token = /^Bearer\s+(\S+)$/i.exec(header.trim())?.[1]
  const user = token ? users.get(token) : undefined
  return user ? { status: 200, body: user } : { status: 401, body: SESSION_NOT_FOUND }
}
