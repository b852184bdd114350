import { isIPv4, isIPv6 } from 'node:net'

/**
 * The network a client address belongs to, for budgets that a few dozen addresses of one network must not
 * exhaust for everyone else: an IPv4 /24 ("203.0.113.0/24") or an IPv6 /56 ("2001:db8:0:100::/56", the
 * smallest prefix a residential ISP commonly delegates). IPv4-mapped IPv6 ("::ffff:203.0.113.7") counts as
 * IPv4. Anything else (empty, malformed) is its own key, so it can never share a budget by accident.
 */
export function networkOf(address: string): string {
  const plain = address.startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address
  if (isIPv4(plain)) return `${plain.split('.').slice(0, 3).join('.')}.0/24`
  if (isIPv6(plain)) {
    const groups = expandIPv6(plain)
    // 56 bits: three whole groups and the high byte of the fourth.
    const fourth = (parseInt(groups[3]!, 16) & 0xff00).toString(16)
    return `${groups.slice(0, 3).map((group) => parseInt(group, 16).toString(16)).join(':')}:${fourth}::/56`
  }
  return `?${address}`
}

/** Eight 16-bit hex groups of a valid IPv6 address (zone and embedded IPv4 tail handled). */
function expandIPv6(address: string): string[] {
  let text = address.split('%')[0]!
  const ipv4Tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)
  if (ipv4Tail) {
    const [a, b, c, d] = ipv4Tail[1]!.split('.').map(Number) as [number, number, number, number]
    text = `${text.slice(0, -ipv4Tail[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head, tail] = text.includes('::') ? text.split('::') as [string, string] : [text, undefined]
  const headGroups = head ? head.split(':') : []
  const tailGroups = tail ? tail.split(':') : []
  const missing = tail === undefined ? 0 : 8 - headGroups.length - tailGroups.length
  return [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups]
}
