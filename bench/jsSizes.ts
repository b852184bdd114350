import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

/**
 * Client JavaScript each prerendered page makes a modern browser download, gzip, read from the
 * production build (its script tags; noModule legacy polyfills excluded). The floor is a legal page:
 * the framework and the site's layout around text only. (Not the not-found page: built from
 * app/global-not-found.tsx, outside the site's layout, its scripts are chunked apart and weigh more.)
 */
export interface RouteJs {
  route: string
  scripts: number
  jsBytes: number
  cssBytes: number
}

export function clientJsPerRoute(distDir = path.resolve('web/.next')): RouteJs[] {
  const app = path.join(distDir, 'server/app')
  if (!existsSync(app)) throw new Error('No build: run npm run build first.')
  const gzipSize = new Map<string, number>()
  const gz = (file: string) => {
    if (!gzipSize.has(file)) gzipSize.set(file, gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length)
    return gzipSize.get(file)!
  }
  return readdirSync(app)
    .filter((name) => name.endsWith('.html') && !name.startsWith('_global'))
    .sort()
    .map((page) => {
      const html = readFileSync(path.join(app, page), 'utf8')
      const tags = [...html.matchAll(/<script[^>]+src="\/_next\/([^"]+\.js)"[^>]*>/g)].filter((match) => !/noModule/i.test(match[0]))
      const scripts = [...new Set(tags.map((match) => match[1]!))]
      const css = [...new Set([...html.matchAll(/<link[^>]+href="\/_next\/([^"]+\.css)"/g)].map((match) => match[1]!))]
      return {
        route: page === 'index.html' ? '/' : `/${page.replace(/\.html$/, '')}`,
        scripts: scripts.length,
        jsBytes: scripts.reduce((sum, file) => sum + gz(file), 0),
        cssBytes: css.reduce((sum, file) => sum + gz(file), 0),
      }
    })
}

export const FLOOR_ROUTE = '/privacy-policy'
