// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LakeGate } from './LakeGate'
import { lakeOrigins } from './lakeReach'

/** The page before the Studio mounts on the local lake: only while the lake does not answer, and it steps aside by itself. */
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const origins = lakeOrigins('http://localhost:3334', 'offline0')

describe('the local Content Lake’s gate', () => {
  it('mounts the Studio at once when the lake answers: nothing to accept first', async () => {
    vi.stubGlobal('fetch', async () => new Response('{"message":"PONG"}', { status: 200 }))
    render(<LakeGate origins={origins}>Studio</LakeGate>)
    await screen.findByText('Studio')
    expect(screen.queryByRole('heading')).toBeNull()
  })

  it('says the lake is not answering, at which address, and opens the Studio by itself once it does', async () => {
    let running = false
    vi.stubGlobal('fetch', async () => {
      if (!running) throw new TypeError('Failed to fetch')
      return new Response('{"message":"PONG"}', { status: 200 })
    })
    render(<LakeGate origins={origins}>Studio</LakeGate>)
    await screen.findByRole('heading', { name: 'The local Content Lake is not answering' })
    expect(screen.getByText(/http:\/\/offline0\.localhost:3334\/v1\/ping/)).toBeTruthy()
    expect(document.body.textContent).not.toMatch(/certificate|Advanced|Proceed/)
    running = true
    await screen.findByText('Studio', {}, { timeout: 5_000 })
  })
})
