// Writes the configured Sanity dataset back to the bundled NDJSON, so the offline site serves what editors published.
// Usage: npm run export [-- path/to/file.ndjson]
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { exportDataset, writeClientFromEnv } from './dataset.ts'

const file = process.argv[2] ?? path.resolve(import.meta.dirname, '../../studio/dataset/production.ndjson')
const client = writeClientFromEnv()
const ndjson = await exportDataset(client)
writeFileSync(file, ndjson)
console.log(`Exported ${ndjson.trim().split('\n').length} documents from ${client.config().projectId}/${client.config().dataset} to ${path.relative(process.cwd(), file)}.`)
