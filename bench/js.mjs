// Client JavaScript per route, gzip, from the production build (run `npm run build` first).
// Reads the script tags of each prerendered page and sums the gzip size of the files a modern browser loads.
// Usage: node bench/js.mjs
import { readFileSync, readdirSync, existsSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

const next = path.resolve('web/.next')
const app = path.join(next, 'server/app')
if (!existsSync(app)) throw new Error('No build: run npm run build first.')

const gzipSize = new Map()
function gz(file) {
  if (!gzipSize.has(file)) gzipSize.set(file, gzipSync(readFileSync(file), { level: 9 }).length)
  return gzipSize.get(file)
}

const pages = readdirSync(app).filter((name) => name.endsWith('.html') && !name.startsWith('_global'))
const rows = []
for (const page of pages.sort()) {
  const html = readFileSync(path.join(app, page), 'utf8')
  // noModule scripts are legacy polyfills: browsers that support modules neither fetch nor run them.
  const tags = [...html.matchAll(/<script[^>]+src="\/_next\/([^"]+\.js)"[^>]*>/g)].filter((match) => !/noModule/i.test(match[0]))
  const scripts = [...new Set(tags.map((match) => match[1]))]
  const css = [...new Set([...html.matchAll(/<link[^>]+href="\/_next\/([^"]+\.css)"/g)].map((match) => match[1]))]
  const js = scripts.reduce((sum, file) => sum + gz(path.join(next, file)), 0)
  const cssBytes = css.reduce((sum, file) => sum + gz(path.join(next, file)), 0)
  const route = page === 'index.html' ? '/' : `/${page.replace(/\.html$/, '')}`
  rows.push({ route, scripts: scripts.length, 'js gzip KiB': (js / 1024).toFixed(1), 'css gzip KiB': (cssBytes / 1024).toFixed(1) })
}
console.table(rows)
