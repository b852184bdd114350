import type { Kysely } from 'kysely'
import { serverConfig } from '../lib/config.ts'
import { configuredStore } from '../lib/db/index.ts'
import type { Database } from '../lib/db/schema.ts'
import { siteSecret } from '../lib/personalization/enrollment.ts'
import { providerForEmail, type PortalContent, type PortalProvider } from '../lib/portal/access.ts'
import { portalAuth, type PortalAuth } from '../lib/portal/auth.ts'
import type { ProviderScope } from '../lib/portal/calls.ts'
import { linkLimits } from '../lib/portal/forms.ts'
import { linkSender } from '../lib/portal/mail.ts'
import { portalContentCache } from './portalContent.ts'

/**
 * This process's provider portal: one Better Auth instance over the store of record, the content as last read,
 * and who is signed in. Kept on globalThis: Next bundles the route handlers and the pages apart, and they must
 * share the instance (and its link limits). No next/* imports: `npm run providers:invite` builds the same.
 */
interface Runtime {
  content: () => Promise<PortalContent>
  auth?: Promise<PortalAuth>
}

const KEY = Symbol.for('pest-site.portal')
const runtime = (): Runtime => ((globalThis as unknown as Record<symbol, Runtime | undefined>)[KEY] ??= { content: portalContentCache() })

export const portalContent = (): Promise<PortalContent> => runtime().content()

export async function portalDb(): Promise<Kysely<Database>> {
  return (await configuredStore()).db
}

/** A Better Auth instance for a store: the site's (below), or the one `npm run providers:invite` opened. */
export function buildPortalAuth(store: { db: Kysely<Database>; dialect: 'postgres' | 'sqlite' }, content: () => Promise<PortalContent>): PortalAuth {
  const config = serverConfig()
  const send = linkSender({ mail: config.mail, siteUrl: config.siteUrl, production: process.env.NODE_ENV === 'production' })
  return portalAuth({
    db: store.db,
    dialect: store.dialect,
    siteUrl: config.siteUrl,
    siteSecret: siteSecret(),
    onVercel: config.onVercel,
    content,
    limits: linkLimits(),
    sendLink: async (email, url) => {
      const { words, brandName } = await content()
      await send({ to: email, url, words, brandName })
    },
  })
}

export function portalAuthNow(): Promise<PortalAuth> {
  const state = runtime()
  state.auth ??= configuredStore()
    .then((store) => buildPortalAuth(store, state.content))
    .catch((error: unknown) => {
      state.auth = undefined
      throw error
    })
  return state.auth
}

export interface PortalViewer {
  email: string
  provider: PortalProvider
  content: PortalContent
  scope: ProviderScope
}

/**
 * The provider signed in with these request headers, or null. A session whose address the owner removed, or
 * whose provider is off, ends here (its rows deleted), whatever it was about to read.
 */
export async function portalViewer(headers: Headers, now = Date.now()): Promise<PortalViewer | null> {
  const auth = await portalAuthNow()
  const session = await auth.api.getSession({ headers })
  if (!session) return null
  const content = await portalContent()
  const provider = providerForEmail(content.providers, session.user.email)
  if (!provider) {
    await (await portalDb()).deleteFrom('portal_session').where('user_id', '=', session.user.id).execute()
    return null
  }
  return {
    email: session.user.email,
    provider,
    content,
    scope: { providerId: provider.id, timeZone: provider.timeZone, siteTimeZone: content.siteTimeZone, disputeDays: content.disputeDays, now },
  }
}

export type InviteResult = { sent: string[] } | { refused: string }

/** "Send portal sign-in link": a one-time link to each portal e-mail of an active provider (Studio action, CLI). */
export async function inviteProvider(auth: PortalAuth, content: PortalContent, providerId: string): Promise<InviteResult> {
  const provider = content.providers.find((candidate) => candidate.id === providerId.replace(/^drafts\./, ''))
  if (!provider) return { refused: 'No published provider has this id: publish it first.' }
  if (!provider.active) return { refused: `${provider.name} does not take calls (“Takes calls” is off): turn it on first.` }
  if (provider.emails.length === 0) return { refused: `${provider.name} has no portal e-mails: add one under “Portal e-mails” and publish.` }
  const sent: string[] = []
  for (const email of provider.emails) {
    if (!providerForEmail(content.providers, email)) continue
    await auth.api.signInMagicLink({ body: { email, callbackURL: '/portal' }, headers: new Headers() })
    sent.push(email)
  }
  return sent.length > 0 ? { sent } : { refused: `Every portal e-mail of ${provider.name} is also listed on another provider: an address signs in for one provider only.` }
}
