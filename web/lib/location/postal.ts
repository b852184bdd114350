import { readFileSync } from 'node:fs'
import path from 'node:path'

/**
 * The bundled postal-code table (web/data/postal-codes.tsv, built by scripts/locations/postalCodes.ts from
 * Google's geo targets): a postal-code location code → its ZIP and state, and each ZIP → its state. Read
 * once per process.
 */
const TABLE_FILE = path.join('web', 'data', 'postal-codes.tsv')

export interface PostalTable {
  byCode: ReadonlyMap<string, { zip: string; state: string }>
  stateOfZip: ReadonlyMap<string, string>
}

export function parsePostalTable(text: string): PostalTable {
  const byCode = new Map<string, { zip: string; state: string }>()
  const stateOfZip = new Map<string, string>()
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue
    const [code, zip, state] = line.split('\t')
    if (!code || !zip || !state) continue
    byCode.set(code, { zip, state })
    stateOfZip.set(zip, state)
  }
  return { byCode, stateOfZip }
}

let table: PostalTable | undefined

export function bundledPostalTable(): PostalTable {
  const file = path.basename(process.cwd()) === 'web' ? path.resolve('..', TABLE_FILE) : path.resolve(TABLE_FILE)
  table ??= parsePostalTable(readFileSync(file, 'utf8'))
  return table
}
