import { readServerFile } from '../serverFiles.ts'

/**
 * The bundled location table (web/data/locations.tsv, built by scripts/locations/build.ts from
 * Google's geo targets), read once per process into a map of code → "Place, ST" (empty where there is no
 * file to read: the Studio in a browser).
 */
const TABLE_FILE = ['web', 'data', 'locations.tsv']

export function parseLocationTable(text: string): Map<string, string> {
  const table = new Map<string, string>()
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue
    const [code, place, state] = line.split('\t')
    if (code && place && state) table.set(code, `${place}, ${state}`)
  }
  return table
}

let table: Map<string, string> | undefined

export function bundledLocationTable(): Map<string, string> {
  table ??= parseLocationTable(readServerFile(...TABLE_FILE) ?? '')
  return table
}
