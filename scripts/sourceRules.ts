/**
 * `npm run check:source` (part of `test:static`): no comment in web/, studio/ or scripts/ names an issue number, and no
 * hand-written source file outside the tests is over 300 lines (`*.generated.*`, web/sanity.types.ts and
 * studio/schema.json aside), and README.md is at most 150 lines and links every docs/ file; the rules are in
 * scripts/sourceRules/rules.ts.
 * Files listed in KNOWN_OFFENDERS are printed, not failing. Any other
 * offender exits 1; `--strict` fails on the known ones too.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { findingsOf, readmeFindings, SOURCE } from './sourceRules/rules.ts'

const root = path.resolve(import.meta.dirname, '..')

/** Files known to break a rule, each to be split; remove an entry once its file keeps the rules. */
const KNOWN_OFFENDERS: Record<string, 'lines' | 'issue number' | 'lines and issue number'> = {}

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) walk(full, out)
    else if (SOURCE.test(name)) out.push(path.relative(root, full))
  }
  return out
}

const files = ['web', 'studio', 'scripts', 'bench'].flatMap((dir) => walk(path.join(root, dir)))
const offenders = new Map<string, string[]>()
for (const file of files) {
  const findings = findingsOf(file, readFileSync(path.join(root, file), 'utf8'))
  if (findings.length > 0) offenders.set(file, findings)
}

const strict = process.argv.includes('--strict')
let failing = 0
const docsFiles = readdirSync(path.join(root, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)
const readme = readmeFindings(readFileSync(path.join(root, 'README.md'), 'utf8'), docsFiles)
console.log(`README.md: ${readme.length === 0 ? `keeps the rules (${docsFiles.length} docs/ files linked)` : 'breaks a rule'}`)
for (const finding of readme) console.log(`    ${finding}`)
failing += readme.length > 0 ? 1 : 0
console.log(`source rules over ${files.length} files: ${offenders.size} break one`)
for (const [file, findings] of [...offenders].sort()) {
  const known = file in KNOWN_OFFENDERS
  if (!known || strict) failing++
  console.log(`  ${file}${known ? '  (known: KNOWN_OFFENDERS)' : ''}`)
  for (const finding of findings) console.log(`    ${finding}`)
}
for (const file of Object.keys(KNOWN_OFFENDERS)) {
  if (!offenders.has(file)) console.log(`  KNOWN_OFFENDERS lists ${file}, which keeps the rules now: remove it`)
}
if (failing > 0) {
  console.log(`${failing} file(s) break the rules${strict ? ' (--strict)' : ''}`)
  process.exitCode = 1
}
