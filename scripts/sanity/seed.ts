// Imports the bundled dataset into the configured Sanity dataset (create or replace each document).
// Usage: npm run seed [-- path/to/file.ndjson]
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parseNdjson } from '../../web/lib/sanity/localDataset.ts'
import { seedDataset, writeClientFromEnv } from './dataset.ts'

const file = process.argv[2] ?? path.resolve(import.meta.dirname, '../../studio/dataset/production.ndjson')
const client = writeClientFromEnv()
const written = await seedDataset(client, parseNdjson(readFileSync(file, 'utf8')))
console.log(`Seeded ${written} documents into ${client.config().projectId}/${client.config().dataset}.`)
