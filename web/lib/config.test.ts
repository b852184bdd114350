import { describe, expect, it } from 'vitest'
import { checkEnv } from './config'

describe('checkEnv', () => {
  it('accepts no configuration at all (the bundled defaults)', () => {
    expect(checkEnv({})).toEqual({ errors: [], warnings: [] })
  })

  it('names an invalid variable', () => {
    expect(checkEnv({ NEXT_PUBLIC_SANITY_PROJECT_ID: 'My Project' }).errors.join()).toMatch(/NEXT_PUBLIC_SANITY_PROJECT_ID/)
    expect(checkEnv({ SUPABASE_URL: 'not a url', SUPABASE_ANON_KEY: 'k' }).errors.join()).toMatch(/SUPABASE_URL/)
    expect(checkEnv({ NEXT_PUBLIC_SANITY_PROJECT_ID: 'abc', NEXT_PUBLIC_SANITY_API_VERSION: 'latest' }).errors.join()).toMatch(/API_VERSION/)
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
