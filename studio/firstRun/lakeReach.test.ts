import { describe, expect, it } from 'vitest'
import { lakeOrigins, pingUrl, unreachableOrigins } from './lakeReach'

describe('the first-run check of the local Content Lake', () => {
  it('checks both hosts the Studio calls: the project’s and the lake’s own', () => {
    expect(lakeOrigins('http://localhost:3334', 'offline0')).toEqual(['http://offline0.localhost:3334', 'http://localhost:3334'])
    expect(pingUrl('http://localhost:3334')).toBe('http://localhost:3334/v1/ping')
  })

  it('names the hosts a fetch cannot reach (a lake not running fails like a network error)', async () => {
    const fetchOnce = async (url: string) => {
      if (url.startsWith('http://offline0.')) throw new TypeError('Failed to fetch')
      return new Response('{"message":"PONG"}', { status: 200 })
    }
    expect(await unreachableOrigins(lakeOrigins('http://localhost:3334', 'offline0'), fetchOnce)).toEqual(['http://offline0.localhost:3334'])
  })

  it('counts an error answer as not reached, and nothing once both answer', async () => {
    expect(await unreachableOrigins(['http://localhost:1'], async () => new Response('', { status: 502 }))).toEqual(['http://localhost:1'])
    expect(await unreachableOrigins(['http://localhost:1'], async () => new Response('{}', { status: 200 }))).toEqual([])
  })
})
