import { describe, expect, it } from 'vitest'
import { lakeOrigins, pingUrl, unreachableOrigins } from './lakeReach'

describe('the first-run check of the local Content Lake', () => {
  it('checks both hosts the Studio calls: the project’s and the lake’s own', () => {
    expect(lakeOrigins('https://localhost:3335', 'offline0')).toEqual(['https://offline0.localhost:3335', 'https://localhost:3335'])
    expect(pingUrl('https://localhost:3335')).toBe('https://localhost:3335/v1/ping')
  })

  it('names the hosts a fetch cannot reach (a refused certificate fails like a network error)', async () => {
    const fetchOnce = async (url: string) => {
      if (url.startsWith('https://offline0.')) throw new TypeError('Failed to fetch')
      return new Response('{"message":"PONG"}', { status: 200 })
    }
    expect(await unreachableOrigins(lakeOrigins('https://localhost:3335', 'offline0'), fetchOnce)).toEqual(['https://offline0.localhost:3335'])
  })

  it('counts an error answer as not reached, and nothing once both answer', async () => {
    expect(await unreachableOrigins(['https://localhost:1'], async () => new Response('', { status: 502 }))).toEqual(['https://localhost:1'])
    expect(await unreachableOrigins(['https://localhost:1'], async () => new Response('{}', { status: 200 }))).toEqual([])
  })
})
