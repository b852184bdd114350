// The launch preflight: prints each finding on one line (what is wrong, where to fix it), then a
// summary; exits 1 while a blocking finding remains, else 0. The production server runs the same
// checks when it starts and prints them as warnings (web/server/main.ts).
// Usage: npm run check:launch   (reads the environment and the .env files as the site does)
import nextEnv from '@next/env'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { checkLaunch } from '../../web/content/launchCheck.ts'
import { findingLine, findingsSummary } from '../../web/lib/launch/checks.ts'

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
// The same .env files the production build and server read (next.config.ts), quietly.
nextEnv.loadEnvConfig(rootDir, false, { info: () => {}, error: console.error }, true)

const findings = await checkLaunch(process.env)
for (const finding of findings) console.log(findingLine(finding))
console.log(findingsSummary(findings))
process.exitCode = findings.some((finding) => finding.severity === 'blocking') ? 1 : 0
