// Fails when the committed schema extract or typegen output is stale: regenerates both into a temporary folder
// and compares, so it writes nothing in the repository and runs beside the checks that read those files
// (`npm run test:static`). A stale file is then written in place, for the commit.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const folder = mkdtempSync(path.join(tmpdir(), 'typegen-check-'))
/** The Sanity CLI, quiet unless it fails (its progress lines would land between the other checks' output). */
function sanity(args, cwd) {
  try {
    execFileSync('npx', ['--prefix', root, 'sanity', ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] })
  } catch (error) {
    process.stderr.write(`${error.stdout ?? ''}${error.stderr ?? ''}`)
    throw error
  }
}

try {
  const fresh = { 'studio/schema.json': path.join(folder, 'schema.json'), 'web/sanity.types.ts': path.join(folder, 'sanity.types.ts') }
  // The extract's --path is taken relative to the project, even when absolute.
  sanity(['schema', 'extract', '--path', path.relative(root, fresh['studio/schema.json']), '--enforce-required-fields'], root)
  // The project's typegen settings (sanity.cli.ts) with the fresh schema and output in the temporary folder, read
  // by the CLI from there: the folder is a project of its own (package.json, sanity.cli.ts, the repository's modules).
  writeFileSync(path.join(folder, 'package.json'), '{"private":true,"type":"module"}\n')
  symlinkSync(path.join(root, 'node_modules'), path.join(folder, 'node_modules'))
  const typegen = { path: [`${root}/web/**/*.{ts,tsx}`], schema: fresh['studio/schema.json'], generates: fresh['web/sanity.types.ts'], overloadClientMethods: true }
  writeFileSync(path.join(folder, 'sanity.cli.ts'), `export default { typegen: ${JSON.stringify(typegen)} }\n`)
  sanity(['typegen', 'generate'], folder)
  // The generated file names its sources relative to where the CLI ran: as from the repository's root.
  const fromFolder = `// Source: ${path.relative(folder, root)}/`
  const text = (file) => readFileSync(file, 'utf8').replaceAll(fromFolder, '// Source: ').replaceAll('// Source: schema.json', '// Source: studio/schema.json')
  const stale = Object.entries(fresh).filter(([committed, generated]) => text(generated) !== readFileSync(path.join(root, committed), 'utf8'))
  if (stale.length > 0) {
    for (const [committed, generated] of stale) writeFileSync(path.join(root, committed), text(generated))
    console.error(`Stale generated files (now regenerated, commit them): ${stale.map(([committed]) => committed).join(', ')}`)
    process.exitCode = 1
  } else {
    console.log('typegen: schema extract and query types are current')
  }
} finally {
  rmSync(folder, { recursive: true, force: true })
}
