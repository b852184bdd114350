import { readFileSync } from 'node:fs'
import path from 'node:path'

/**
 * The bundled location table (web/data/locations.tsv, built by scripts/locations/build.ts from
 * Google's geo targets), read once per process into a map of code → "Place, ST".
 */
const TABLE_FILE = path.join('web', 'data', 'locations.tsv')

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

function tablePath(): string {
  return path.basename(process.cwd()) === 'web' ? path.resolve('..', TABLE_FILE) : path.resolve(TABLE_FILE)
}

export function bundledLocationTable(): Map<string, string> {
  table ??= parseLocationTable(readFileSync(tablePath(), 'utf8'))
  return table
}
