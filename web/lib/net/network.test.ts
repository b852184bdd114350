import { describe, expect, it } from 'vitest'
import { networkOf } from './network'

describe('networkOf', () => {
  it('groups IPv4 addresses by /24', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.0/24')
    expect(networkOf('203.0.113.250')).toBe(networkOf('203.0.113.1'))
    expect(networkOf('203.0.114.1')).not.toBe(networkOf('203.0.113.1'))
  })

  it('counts IPv4-mapped IPv6 as IPv4', () => {
    expect(networkOf('::ffff:127.0.0.9')).toBe('127.0.0.0/24')
  })

  it('groups IPv6 addresses by /56', () => {
    expect(networkOf('2001:db8:0:1ff::1')).toBe('2001:db8:0:100::/56')
    expect(networkOf('2001:db8:0:1ff::1')).toBe(networkOf('2001:db8:0:100:abcd::9'))
    expect(networkOf('2001:db8:0:200::1')).not.toBe(networkOf('2001:db8:0:100::1'))
    expect(networkOf('::1')).toBe('0:0:0:0::/56')
    expect(networkOf('fe80::1%eth0')).toBe('fe80:0:0:0::/56')
  })

  it('keeps anything that is no address apart', () => {
    expect(networkOf('')).toBe('?')
    expect(networkOf('not an address')).toBe('?not an address')
  })
})
