import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { PLANTED_SECRETS } from '../tests/support/plantedSecrets.ts'

/**
 * npm test's production build: `next build web` (what `npm run build` runs) with server-only variables set to
 * known values (tests/support/plantedSecrets.ts), so tests/e2e/publish.e2e.ts can look for them in what the
 * build wrote and what the site serves; without Next's own type check (npm test ran `tsc --noEmit` before).
 */
const root = path.resolve(import.meta.dirname, '..')
const build = spawnSync(process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), 'build', 'web'], {
  cwd: root,
  stdio: 'inherit',
  // Types are checked by `npm run typecheck` (test:static, before this build): not a second time here.
  env: { ...process.env, ...PLANTED_SECRETS, BUILD_TYPECHECK: 'off' },
})
process.exit(build.status ?? 1)
