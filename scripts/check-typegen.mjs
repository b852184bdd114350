// Fails when the committed schema extract or typegen output is stale: regenerates both and compares.
import { execSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

const files = ['studio/schema.json', 'web/sanity.types.ts']
const before = files.map((file) => readFileSync(file, 'utf8'))
execSync('npm run --silent typegen', { stdio: ['ignore', 'ignore', 'inherit'] })
const stale = files.filter((file, index) => readFileSync(file, 'utf8') !== before[index])
if (stale.length > 0) {
  console.error(`Stale generated files (now regenerated, commit them): ${stale.join(', ')}`)
  process.exit(1)
}
console.log('typegen: schema extract and query types are current')
