import { describe, expect, it } from 'vitest'
import { checkEnv, edgePurgeConfigured, readConfig } from './config'

describe('checkEnv', () => {
  it('accepts no configuration at all (the bundled defaults)', () => {
    expect(checkEnv({})).toEqual({ errors: [], warnings: [] })
  })

  it('names an invalid variable', () => {
    expect(checkEnv({ NEXT_PUBLIC_SANITY_PROJECT_ID: 'My Project' }).errors.join()).toMatch(/NEXT_PUBLIC_SANITY_PROJECT_ID/)
    expect(checkEnv({ SUPABASE_URL: 'not a url', SUPABASE_ANON_KEY: 'k' }).errors.join()).toMatch(/SUPABASE_URL/)
    expect(checkEnv({ NEXT_PUBLIC_SANITY_PROJECT_ID: 'abc', NEXT_PUBLIC_SANITY_API_VERSION: 'latest' }).errors.join()).toMatch(/API_VERSION/)
  })

  it('keeps the compile cache unless NEXT_COMPILE_CACHE is off, and names a value that is neither', () => {
    expect(readConfig({}).compileCache).toBe(true)
    expect(readConfig({ NEXT_COMPILE_CACHE: 'off' }).compileCache).toBe(false)
    expect(checkEnv({ NEXT_COMPILE_CACHE: 'no' }).errors).toEqual(['NEXT_COMPILE_CACHE must be on or off.'])
  })

  it('accepts trusted proxy addresses and names one that is not an address', () => {
    expect(checkEnv({ TRUSTED_PROXIES: '127.0.0.1, ::1' }).errors).toEqual([])
    expect(checkEnv({ TRUSTED_PROXIES: '127.0.0.1,nginx' }).errors.join()).toMatch(/TRUSTED_PROXIES: "nginx"/)
  })

  it('names the missing half of a pair', () => {
    expect(checkEnv({ SUPABASE_URL: 'https://x.supabase.co' }).errors).toEqual(['SUPABASE_ANON_KEY is missing: set it with SUPABASE_URL, or unset both.'])
    expect(checkEnv({ SUPABASE_ANON_KEY: 'k' }).errors).toEqual(['SUPABASE_URL is missing: set it with SUPABASE_ANON_KEY, or unset both.'])
  })

  it('warns about settings that would be ignored or half-working', () => {
    expect(checkEnv({ SANITY_API_READ_TOKEN: 't' }).warnings.join()).toMatch(/SANITY_API_READ_TOKEN is set but NEXT_PUBLIC_SANITY_PROJECT_ID is not/)
    expect(checkEnv({ NEXT_PUBLIC_SANITY_PROJECT_ID: 'abc' }).warnings.join()).toMatch(/SANITY_REVALIDATE_SECRET/)
  })
})

describe('shared caches a publish purges', () => {
  it('reads none by default: plain pages get the short shared lifetime', () => {
    const { edge } = readConfig({})
    expect(edge).toEqual({ varnish: [], cloudflare: null, fastly: null, shortTtlSeconds: 5 })
    expect(edgePurgeConfigured(edge)).toBe(false)
  })

  it('reads Varnish, Cloudflare and Fastly, with their documented API addresses by default', () => {
    const { edge } = readConfig({
      VARNISH_PURGE_URLS: 'http://10.0.0.5:6081, http://10.0.0.6:6081',
      CLOUDFLARE_ZONE_ID: '023e105f4ecef8ad9ca31a8372d0c353',
      CLOUDFLARE_API_TOKEN: 'cf',
      FASTLY_SERVICE_ID: 'SU1Z0isxPaozGVKXdv0eY',
      FASTLY_API_TOKEN: 'fa',
      SHARED_CACHE_TTL_SECONDS: '10',
    })
    expect(edge.varnish).toEqual(['http://10.0.0.5:6081', 'http://10.0.0.6:6081'])
    expect(edge.cloudflare).toEqual({ zoneId: '023e105f4ecef8ad9ca31a8372d0c353', token: 'cf', apiUrl: 'https://api.cloudflare.com/client/v4' })
    expect(edge.fastly).toEqual({ serviceId: 'SU1Z0isxPaozGVKXdv0eY', token: 'fa', apiUrl: 'https://api.fastly.com' })
    expect(edge.shortTtlSeconds).toBe(10)
    expect(edgePurgeConfigured(edge)).toBe(true)
  })

  it('names a bad address, a bad id and the missing half of a pair', () => {
    expect(checkEnv({ VARNISH_PURGE_URLS: 'http://ok:6081,varnish' }).errors).toEqual(['VARNISH_PURGE_URLS: "varnish" is not an http(s) URL.'])
    expect(checkEnv({ CLOUDFLARE_ZONE_ID: 'example.com', CLOUDFLARE_API_TOKEN: 't' }).errors.join()).toMatch(/CLOUDFLARE_ZONE_ID/)
    expect(checkEnv({ CLOUDFLARE_ZONE_ID: '023e105f4ecef8ad9ca31a8372d0c353' }).errors).toEqual(['CLOUDFLARE_API_TOKEN is missing: set it with CLOUDFLARE_ZONE_ID, or unset both.'])
    expect(checkEnv({ CONVERSIONS_FEED_USER: 'ads-upload' }).errors).toEqual(['CONVERSIONS_FEED_PASSWORD is missing: set it with CONVERSIONS_FEED_USER, or unset both.'])
    expect(checkEnv({ CONVERSIONS_FEED_USER: 'ads-upload', CONVERSIONS_FEED_PASSWORD: 'a-long-random-password' }).errors).toEqual([])
    expect(checkEnv({ FASTLY_API_TOKEN: 't' }).errors).toEqual(['FASTLY_SERVICE_ID is missing: set it with FASTLY_API_TOKEN, or unset both.'])
    expect(checkEnv({ SHARED_CACHE_TTL_SECONDS: '0' }).errors.join()).toMatch(/SHARED_CACHE_TTL_SECONDS/)
  })
})

describe('how often the content is read again', () => {
  it('is 30 seconds unless CONTENT_REFRESH_SECONDS says otherwise, and a bad value is named', () => {
    expect(readConfig({}).contentRefreshSeconds).toBe(30)
    expect(readConfig({ CONTENT_REFRESH_SECONDS: '2' }).contentRefreshSeconds).toBe(2)
    expect(readConfig({ CONTENT_REFRESH_SECONDS: '0' }).contentRefreshSeconds).toBe(30)
    expect(checkEnv({ CONTENT_REFRESH_SECONDS: 'soon' }).errors).toEqual(['CONTENT_REFRESH_SECONDS must be a whole number of seconds (1–9999).'])
  })
})
