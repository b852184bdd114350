import { createHmac } from 'node:crypto'
import { networkOf } from './network.ts'

/**
 * A keyed hash of a client's network (networkOf) or address: enough to count per network (live pool leases,
 * converters concentrated in a few networks) without keeping where anyone connected from.
 */
export function clientKey(secret: string, kind: 'network' | 'address', client: string): string {
  return createHmac('sha256', secret).update(`${kind}\n${kind === 'network' ? networkOf(client) : client}`).digest('base64url').slice(0, 32)
}
