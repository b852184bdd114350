import { describe, expect, it } from 'vitest'
import { isLocalLakeImage, optimizedImageHosts, readsLocalLake } from './imageHosts'
import { photoSource } from './pestPhoto'
import { shownPhoto } from './imageRefusal'

const ant = { name: 'Ants', imageAlt: 'Ant on a leaf', illustrationAlt: 'Drawing of an ant', imageFile: 'ant' }

describe('where the site’s images come from', () => {
  it('optimises the Content Lake’s CDN and the Supabase bucket only', () => {
    expect(optimizedImageHosts(undefined).map((pattern) => pattern.hostname)).toEqual(['cdn.sanity.io'])
    expect(optimizedImageHosts('https://abc.supabase.co')).toContainEqual({ protocol: 'https', hostname: 'abc.supabase.co', pathname: '/storage/v1/object/public/**' })
  })

  it('serves the local lake’s photos as they are, only when the site reads a local lake', () => {
    expect(readsLocalLake('http://127.0.0.1:3334')).toBe(true)
    expect(readsLocalLake(undefined)).toBe(false)
    expect(readsLocalLake('https://abc.api.sanity.io')).toBe(false)
    const lakePhoto = { ...ant, image: { url: 'http://localhost:3334/images/offline0/production/a-10x20.jpg', width: 10, height: 20 } }
    expect(photoSource(lakePhoto, undefined, true)).toMatchObject({ src: lakePhoto.image.url, direct: true, bundled: false })
    // A deployed site never hands a loopback address to the browser as a photo it trusts.
    expect(photoSource(lakePhoto, undefined, false).direct).toBe(false)
    expect(isLocalLakeImage('https://cdn.sanity.io/images/p/d/a.jpg', true)).toBe(false)
  })
})

describe('a photo the optimiser would refuse', () => {
  it('is shown as the pest’s illustration, and the server log says why', () => {
    const errors: string[] = []
    const original = console.error
    console.error = (message: string) => void errors.push(message)
    try {
      const shown = shownPhoto(photoSource({ ...ant, image: { url: 'https://images.example.com/ant.jpg', width: 10, height: 20 } }, undefined, true), undefined)
      expect(shown).toMatchObject({ src: '/illustrations/ant.svg', alt: 'Drawing of an ant', bundled: true })
      expect(errors).toEqual([expect.stringMatching(/^\[image\] https:\/\/images\.example\.com\/ant\.jpg is shown as its illustration \(\/illustrations\/ant\.svg\): /)])
      // The local lake's photo is served as it is, never refused.
      const lake = photoSource({ ...ant, image: { url: 'http://localhost:3334/images/p/d/a-10x20.jpg', width: 10, height: 20 } }, undefined, true)
      expect(shownPhoto(lake, undefined)).toBe(lake)
      // A photo on Sanity's CDN goes through the optimiser as it is.
      const cdn = photoSource({ ...ant, image: { url: 'https://cdn.sanity.io/images/p/d/a-10x20.jpg', width: 10, height: 20 } }, undefined, true)
      expect(shownPhoto(cdn, undefined)).toBe(cdn)
    } finally {
      console.error = original
    }
  })
})
