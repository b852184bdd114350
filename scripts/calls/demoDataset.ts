// Writes studio/dataset/call-tracking-demo.ndjson: the bundled content with call tracking on and a fictional
// demo pool (scripts/calls/demoContent.ts). Run after changing the bundled dataset; a unit test checks it.
// Usage: node scripts/calls/demoDataset.ts
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseNdjson } from '../../web/lib/sanity/localDataset.ts'
import { demoDataset, toNdjson } from './demoContent.ts'

const folder = path.resolve(import.meta.dirname, '../../studio/dataset')
const production = parseNdjson(readFileSync(path.join(folder, 'production.ndjson'), 'utf8'))
writeFileSync(path.join(folder, 'call-tracking-demo.ndjson'), toNdjson(demoDataset(production)))
console.log('Wrote studio/dataset/call-tracking-demo.ndjson')
