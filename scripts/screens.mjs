// Screenshots for looking at the site as a visitor: each path at 390×844 (screen by screen) and 1280×800.
// Usage: node scripts/screens.mjs http://127.0.0.1:3000 / /ants …   → test-results/look/*.png
import { mkdirSync } from 'node:fs'
import { chromium } from 'playwright-core'
import { readConfig } from '../web/lib/config.ts'

const [base = 'http://127.0.0.1:3000', ...paths] = process.argv.slice(2)
const out = 'test-results/look'
mkdirSync(out, { recursive: true })
const browser = await chromium.launch({
  executablePath: readConfig(process.env).chromePath,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
})
for (const path of paths.length ? paths : ['/']) {
  const name = path === '/' ? 'home' : path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 })
  await phone.goto(base + path, { waitUntil: 'networkidle' })
  const height = await phone.evaluate(() => document.documentElement.scrollHeight)
  for (let y = 0, index = 0; y < height && index < 12; y += 844, index++) {
    await phone.evaluate((top) => window.scrollTo(0, top), y)
    await phone.waitForTimeout(150)
    await phone.screenshot({ path: `${out}/${name}-phone-${index}.png` })
  }
  await phone.close()
  const desktop = await browser.newPage({ viewport: { width: 1280, height: 800 } })
  await desktop.goto(base + path, { waitUntil: 'networkidle' })
  await desktop.screenshot({ path: `${out}/${name}-desktop.png` })
  await desktop.close()
  console.log(`${path}: ${Math.ceil(height / 844)} phone screens`)
}
await browser.close()
