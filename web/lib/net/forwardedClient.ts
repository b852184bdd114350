/**
 * The client's address as a route handler inside Next sees it (it cannot see the socket):
 * - under `npm start`, the front set X-Forwarded-For to the socket's address (or, only from a configured
 *   trusted proxy, the address that proxy added; web/server/edge.ts), replacing whatever the client sent;
 * - on Vercel, the platform's own `x-vercel-forwarded-for`, which a client cannot set;
 * - under plain `next start`, Next fills X-Forwarded-For only when the client sent none, so the value is the
 *   client's own claim unless a reverse proxy in front overwrites it (docs/ab-testing.md: the host table).
 * The last address of the list: the one the nearest proxy added.
 */
export function forwardedClient(headers: Headers, onVercel: boolean): string {
  const header = onVercel ? (headers.get('x-vercel-forwarded-for') ?? headers.get('x-forwarded-for')) : headers.get('x-forwarded-for')
  return header?.split(',').at(-1)?.trim() || 'unknown'
}
