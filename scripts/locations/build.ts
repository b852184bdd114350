// Rebuilds web/data/locations.tsv from Google's geo targets (see ../shared/data/README.md).
// Usage: npm run locations:build [-- path/to/us-geotargets.csv]
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { formatTable, locationRows } from './geotargets.ts'

const source = process.argv[2] ?? path.resolve(import.meta.dirname, '../../../shared/data/us-geotargets.csv')
const target = path.resolve(import.meta.dirname, '../../web/data/locations.tsv')
const rows = locationRows(readFileSync(source, 'utf8'))
writeFileSync(target, formatTable(rows))
const counts = rows.reduce<Record<string, number>>((sum, row) => ({ ...sum, [row.state]: (sum[row.state] ?? 0) + 1 }), {})
console.log(`${rows.length} locations in ${Object.keys(counts).length} states → ${path.relative(process.cwd(), target)}`)
