// Rebuilds web/data/places.tsv (every City row of Google's geo targets with its ZIP codes and coordinates, joined
// from the npm package zipcodes: scripts/locations/placeJoin.ts) and web/data/states.tsv (state names).
// Usage: npm run locations:places [-- path/to/us-geotargets.csv]
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { cityRows, formatPlaces, formatStates, joinPlaces, type ZipRecord } from './placeJoin.ts'

/** Every US ZIP record of the package (its `lib/codes.js`, the table its lookups read). */
export function zipRecords(): ZipRecord[] {
  const { codes } = createRequire(import.meta.url)('zipcodes/lib/codes.js') as { codes: Record<string, ZipRecord> }
  return Object.values(codes)
}

if (import.meta.main) {
  const source = process.argv[2] ?? path.resolve(import.meta.dirname, '../../../shared/data/us-geotargets.csv')
  const data = path.resolve(import.meta.dirname, '../../web/data')
  const rows = joinPlaces(cityRows(readFileSync(source, 'utf8')), zipRecords())
  writeFileSync(path.join(data, 'places.tsv'), formatPlaces(rows))
  writeFileSync(path.join(data, 'states.tsv'), formatStates())
  const joined = rows.filter((row) => row.zips.length > 0).length
  console.log(`${rows.length} places, ${joined} with ZIP codes and coordinates, ${rows.reduce((sum, row) => sum + row.zips.length, 0)} ZIP codes → web/data/places.tsv`)
}
