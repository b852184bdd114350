// "Send portal sign-in link" from a shell: a one-time link (15 minutes, once) to each portal e-mail of a provider,
// e-mailed through SMTP_URL from MAIL_FROM; without SMTP_URL on a local site the link is printed instead.
// Usage: npm run providers:invite -- --provider <id>   (reads the environment and the .env files as the site does)
import nextEnv from '@next/env'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { openStore, storeTarget } from '../../web/lib/db/index.ts'
import { serverConfig } from '../../web/lib/config.ts'
import { readPortalContent } from '../../web/content/portalContent.ts'
import { buildPortalAuth, inviteProvider } from '../../web/content/portalRuntime.ts'

nextEnv.loadEnvConfig(path.resolve(import.meta.dirname, '../..'), false, { info: () => {}, error: console.error }, true)
const { values } = parseArgs({ options: { provider: { type: 'string' } } })
if (!values.provider) {
  console.error('Name the provider: npm run providers:invite -- --provider <id> (its id in the Studio, e.g. provider-lone-star).')
  process.exit(2)
}
const content = await readPortalContent()
const store = await openStore(storeTarget())
try {
  const result = await inviteProvider(buildPortalAuth(store, async () => content), content, values.provider)
  if ('refused' in result) {
    console.error(result.refused)
    process.exitCode = 1
  } else {
    console.log(`Sign-in link for ${result.sent.join(', ')}: ${serverConfig().mail ? 'e-mailed' : 'printed above (no SMTP_URL)'}; it works once, within 15 minutes.`)
  }
} finally {
  await store.close()
}
