import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { stripVTControlCharacters } from 'node:util'
import { createVitest } from 'vitest/node'
import { SHARED_SITE_PORTS } from '../tests/e2e/ports.ts'

/**
 * Runs every test of the given e2e files alone, one `vitest run -t` per test on the current test build
 * (`npm run test:build` once first), and prints a table: test, pass or fail, seconds. Exits 1 when any
 * test fails alone, so a test that only passes after the tests before it is found. Hand-written because
 * Vitest has no mode that runs each test of a file in a process of its own (`--sequence.shuffle` still
 * shares one file's state between its tests).
 *
 *   npm run test:alone -- tests/e2e/publish.e2e.ts [more files]
 *
 * Names come from Vitest's own collection (the files are run for their `describe`/`it` calls, so
 * `it.each` cases carry their real names); the collection skips the global setup, which would start
 * the site only to list names (and the setup files, which wait for it), and provides the addresses it would have. Each test then runs under the
 * e2e config with its global setup, as in `npm run test:e2e`. With `--list`, only the names are printed.
 */
const ROOT = path.resolve(import.meta.dirname, '..')
const CONFIG = 'vitest.e2e.config.ts'

interface Row {
  file: string
  name: string
  passed: boolean
  seconds: number
}

/** A regular expression that matches exactly this full test name (`suite > test`, as Vitest joins them). */
export function exactNamePattern(fullName: string): string {
  return `^${fullName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`
}

async function testNames(files: string[]): Promise<Map<string, string[]>> {
  const vitest = await createVitest('test', { config: CONFIG, root: ROOT, watch: false, run: true }, {
    plugins: [
      {
        name: 'tests-alone:no-global-setup',
        config(config: { test?: { globalSetup?: string | string[]; setupFiles?: string | string[]; provide?: Record<string, unknown> } }) {
          if (!config.test) return
          config.test.globalSetup = []
          // Nor do the setup files run: one waits for the shared server, which listing does not start.
          config.test.setupFiles = []
          // What the global setup would provide, for files that read it when they load (its port only).
          config.test.provide = { ...config.test.provide, siteUrls: SHARED_SITE_PORTS.map((port) => `http://127.0.0.1:${port}`) }
        },
      },
    ],
  })
  try {
    const { testModules, unhandledErrors } = await vitest.collect(files, { staticParse: false })
    const broken = testModules.flatMap((testModule) => testModule.errors().map((error) => `${testModule.moduleId}: ${error.message}`))
    if (unhandledErrors.length || broken.length) {
      throw new Error(`Could not list the tests:\n${[...broken, ...unhandledErrors.map(String)].join('\n')}`)
    }
    const names = new Map<string, string[]>()
    for (const testModule of testModules) {
      names.set(path.relative(ROOT, testModule.moduleId), [...testModule.children.allTests()].map((test) => test.fullName))
    }
    return names
  } finally {
    await vitest.close()
  }
}

/** Runs the test named `name` (and nothing else); `count` tests share that full name, so `count` must pass. */
function runAlone(file: string, name: string, count: number): Row {
  const started = performance.now()
  const run = spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--config', CONFIG, '--maxWorkers=1', file, '-t', exactNamePattern(name)],
    { cwd: ROOT, encoding: 'utf8', env: process.env, maxBuffer: 64 * 1024 * 1024 },
  )
  const seconds = (performance.now() - started) / 1000
  const output = stripVTControlCharacters(`${run.stdout}${run.stderr}`)
  // A pattern that matched nothing passes with every test skipped: only a run that passed the named tests counts.
  const passed = run.status === 0 && new RegExp(`Tests\\s+${count} passed`).test(output)
  if (!passed) console.log(output)
  return { file, name, passed, seconds }
}

function table(rows: Row[]): string {
  const width = Math.max(4, ...rows.map((row) => row.name.length))
  const lines = [`${'test'.padEnd(width)}  result  seconds`, `${'-'.repeat(width)}  ------  -------`]
  for (const row of rows) lines.push(`${row.name.padEnd(width)}  ${(row.passed ? 'pass' : 'FAIL').padEnd(6)}  ${row.seconds.toFixed(1).padStart(7)}`)
  return lines.join('\n')
}

async function main() {
  const listOnly = process.argv.includes('--list')
  const files = process.argv.slice(2).filter((arg) => arg !== '--list')
  if (!files.length) {
    console.error('usage: npm run test:alone -- [--list] tests/e2e/X.e2e.ts [more files]')
    process.exit(2)
  }
  const names = await testNames(files)
  if (listOnly) {
    for (const [file, tests] of names) console.log(`${file} (${tests.length})\n${tests.map((name) => `  ${name}`).join('\n')}`)
    return
  }
  const rows: Row[] = []
  for (const [file, tests] of names) {
    const unique = [...new Set(tests)]
    for (const [index, name] of unique.entries()) {
      console.log(`[${file} ${index + 1}/${unique.length}] ${name}`)
      rows.push(runAlone(file, name, tests.filter((other) => other === name).length))
    }
  }
  for (const file of names.keys()) {
    const own = rows.filter((row) => row.file === file)
    console.log(`\n${file}: ${own.filter((row) => row.passed).length}/${own.length} pass alone\n${table(own)}`)
  }
  process.exit(rows.every((row) => row.passed) ? 0 : 1)
}

if (import.meta.main) await main()
