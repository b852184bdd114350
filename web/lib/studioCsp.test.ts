import { describe, expect, it } from 'vitest'
import { pageCsp, studioCsp } from './securityHeaders'

const directive = (policy: string, name: string) => policy.split('; ').find((part) => part.startsWith(`${name} `)) ?? ''

describe('the Studio route’s Content-Security-Policy', () => {
  it('lets the Studio reach a local lake on localhost and 127.0.0.1, its subdomains (its event streams’ host names too) and its sockets', () => {
    const connect = directive(studioCsp({ production: true, studioApiHost: 'http://localhost:3334' }), 'connect-src').split(' ')
    for (const source of ['http://localhost:3334', 'http://*.localhost:3334', 'http://127.0.0.1:3334', 'ws://localhost:3334', 'ws://*.localhost:3334'])
      expect(connect).toContain(source)
  })

  it('allows Sanity’s own version check, and no lake sources with a real project', () => {
    const policy = studioCsp({ production: true })
    expect(directive(policy, 'connect-src').split(' ')).toContain('https://sanity-cdn.com')
    expect(policy).not.toContain('localhost')
  })
})

describe('a page’s Content-Security-Policy', () => {
  it('lets a draft-mode page, and any page under next dev, listen to a local lake’s live events; a visitor’s production page names no lake', () => {
    expect(directive(pageCsp({ production: false, studioApiHost: 'http://localhost:3334' }), 'connect-src').split(' ')).toContain('http://localhost:3334')
    expect(directive(pageCsp({ production: true, studioApiHost: 'http://localhost:3334', draftPreview: true }), 'connect-src').split(' ')).toContain('http://localhost:3334')
    expect(pageCsp({ production: true, studioApiHost: 'http://localhost:3334' })).not.toContain('localhost')
    expect(pageCsp({ production: true })).not.toContain('localhost')
  })
})
