// A contact sheet of the bundled pest illustrations, each at a phone's width (390 px), for looking
// at them side by side. Usage: node scripts/illustrations/contact-sheet.mjs [out.png]
import { readdirSync, readFileSync } from 'node:fs'
import { chromium } from 'playwright-core'
import { readConfig } from '../../web/lib/config.ts'

const out = process.argv[2] || 'tmp-shots/pest-illustrations.png'
const dir = new URL('../../web/public/illustrations/', import.meta.url)
const files = readdirSync(dir).filter((file) => file.endsWith('.svg')).sort()
const tiles = files
  .map((file) => {
    const data = readFileSync(new URL(file, dir)).toString('base64')
    return `<figure><img src="data:image/svg+xml;base64,${data}" width="390" height="130"><figcaption>${file} · ${readFileSync(new URL(file, dir)).length} B</figcaption></figure>`
  })
  .join('')
const browser = await chromium.launch({ executablePath: readConfig(process.env).chromePath, args: ['--headless', '--no-sandbox', '--disable-gpu'] })
const page = await browser.newPage({ viewport: { width: 4 * 400 + 20, height: 800 } })
await page.setContent(
  `<style>body{margin:10px;font:14px system-ui;display:grid;grid-template-columns:repeat(4,390px);gap:10px}figure{margin:0}img{display:block;border:1px solid #ddd}</style>${tiles}`,
)
await page.screenshot({ path: out, fullPage: true })
await browser.close()
console.log(`${files.length} illustrations → ${out}`)
