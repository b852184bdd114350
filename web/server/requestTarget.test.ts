import { describe, expect, it } from 'vitest'
import { checkRequestTarget, draftSessionCheck, MAX_PATH_LENGTH, withoutPreviewCookies } from './requestTarget'

const http11 = { httpVersion: '1.1', host: 'site.example' }

describe('checkRequestTarget', () => {
  it('keeps an ordinary origin-form target', () => {
    expect(checkRequestTarget('/ants?kw=wasp', http11)).toEqual({ ok: true, target: '/ants?kw=wasp' })
  })

  it('reduces an absolute-form target to its path and query: its host is never used', () => {
    expect(checkRequestTarget('http://evil.example/studio', http11)).toEqual({ ok: true, target: '/studio' })
    expect(checkRequestTarget('HTTPS://evil.example:8443/ants?kw=x', http11)).toEqual({ ok: true, target: '/ants?kw=x' })
    expect(checkRequestTarget('http://evil.example', http11)).toEqual({ ok: true, target: '/' })
  })

  it.each([
    ['asterisk-form', '*'],
    ['authority-form', 'evil.example:443'],
    ['another scheme', 'ftp://evil.example/x'],
    ['a backslash', '/\\evil.example'],
    ['no slash', 'ants'],
    ['empty', ''],
  ])('refuses %s with 400', (_, target) => {
    expect(checkRequestTarget(target, http11)).toMatchObject({ ok: false, status: 400 })
  })

  it.each([
    ['//ants', '/ants'],
    ['///', '/'],
    ['//', '/'],
    ['//evil.example/x', '/evil.example/x'],
    ['////hornets?kw=nest//removal', '/hornets?kw=nest//removal'],
    ['http://evil.example//wasps', '/wasps'],
    ['//ants/../studio', '/ants/../studio'],
  ])('sends %s to the one-slash path %s (308), never to a //… Location', (target, location) => {
    const verdict = checkRequestTarget(target, http11)
    expect(verdict).toEqual({ ok: false, status: 308, location })
    expect('location' in verdict && verdict.location.startsWith('//')).toBe(false)
  })

  it('still refuses a backslash after the slashes', () => {
    expect(checkRequestTarget('//\\evil.example', http11)).toMatchObject({ ok: false, status: 400 })
    expect(checkRequestTarget('/\\/evil.example', http11)).toMatchObject({ ok: false, status: 400 })
  })

  it('refuses an over-long path with 414; a long query is read and capped by the page', () => {
    expect(checkRequestTarget(`/${'a'.repeat(MAX_PATH_LENGTH)}`, http11)).toMatchObject({ ok: false, status: 414 })
    expect(checkRequestTarget(`http://evil.example/${'a'.repeat(MAX_PATH_LENGTH)}`, http11)).toMatchObject({ ok: false, status: 414 })
    expect(checkRequestTarget(`/${'a'.repeat(MAX_PATH_LENGTH - 1)}`, http11)).toMatchObject({ ok: true })
    expect(checkRequestTarget(`/?kw=${'termite+'.repeat(1_250)}`, http11)).toMatchObject({ ok: true })
  })

  it('refuses HTTP/1.1 without Host, not HTTP/1.0', () => {
    expect(checkRequestTarget('/', { httpVersion: '1.1', host: undefined })).toMatchObject({ ok: false, status: 400 })
    expect(checkRequestTarget('/', { httpVersion: '1.1', host: ' ' })).toMatchObject({ ok: false, status: 400 })
    expect(checkRequestTarget('/', { httpVersion: '1.0', host: undefined })).toEqual({ ok: true, target: '/' })
  })
})

describe('draft sessions', () => {
  const isDraft = draftSessionCheck('0123456789abcdef')

  it('is only the bypass cookie equal to the build preview id', () => {
    expect(isDraft('theme=x; __prerender_bypass=0123456789abcdef')).toBe(true)
    expect(isDraft('__prerender_bypass=1')).toBe(false)
    expect(isDraft('__prerender_bypass=0123456789abcdeg')).toBe(false)
    expect(isDraft('__next_preview_data=anything')).toBe(false)
    expect(isDraft('')).toBe(false)
    expect(draftSessionCheck('')('__prerender_bypass=')).toBe(false)
  })

  it('drops preview cookies and keeps the others', () => {
    expect(withoutPreviewCookies('theme=x; __prerender_bypass=1; lang=en')).toBe('theme=x; lang=en')
    expect(withoutPreviewCookies('__prerender_bypass=1; __next_preview_data=2')).toBe('')
  })
})
