import { NextRequest } from 'next/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { proxy } from '../../web/proxy'

/**
 * Spec §2.12: "The missing path is logged to the console." Next's request hook (plain `next start`, Vercel) logs
 * each missing path once with the same line, /studio and below included when no Sanity project is configured.
 */
afterEach(() => vi.restoreAllMocks())

async function warningsFor(path: string): Promise<{ rewrite: string | null; warnings: unknown[][] }> {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const response = await proxy(new NextRequest(`http://localhost:3000${path}`, { headers: { accept: 'text/html' } }))
  return { rewrite: response.headers.get('x-middleware-rewrite'), warnings: warn.mock.calls }
}

describe('missing paths are logged once', () => {
  it.each(['/no-such-page', '/studio', '/studio/structure'])('%s: one "[404]" line and the not-found page', async (path) => {
    const { rewrite, warnings } = await warningsFor(path)
    expect(rewrite).toMatch(/\/_not-found$/)
    expect(warnings).toEqual([[`[404] ${path}`]])
  })

  it('a page that exists logs nothing', async () => {
    expect((await warningsFor('/ants')).warnings).toEqual([])
  })
})
