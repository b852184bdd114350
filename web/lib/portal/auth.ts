import { createHmac } from 'node:crypto'
import type { Kysely } from 'kysely'
import { betterAuth } from 'better-auth'
import { magicLink } from 'better-auth/plugins/magic-link'
import type { Database } from '../db/schema.ts'
import { portalForms, type FormDeps } from './forms.ts'
import { providerForEmail } from './access.ts'
import { PORTAL_PATH } from './paths.ts'

export { PORTAL_PATH }

/**
 * Sign-in for providers (not Studio users) with Better Auth over the site's own store: the same Kysely as every
 * other table (PostgreSQL at DATABASE_URL, else the SQLite file), its tables created by our migration
 * (migrations/0009_portal.ts), so `npm run db:migrate` is the one schema step. Sign-in is a one-time link by
 * e-mail (the magic-link plugin): 15 minutes, once, stored hashed. Its base URL is NEXT_PUBLIC_SITE_URL, never a
 * request's Host (the front proxies to Next on another port); its secret derives from SITE_SECRET.
 * Sessions: 30 days from sign-in, never extended, ended by Sign out or when the owner removes the address or
 * turns the provider off; the cookie is HttpOnly, SameSite=Lax, Secure when the site is https, and sent only
 * under /portal (its Path), so no other page of the site ever carries it.
 */
export const AUTH_PATH = `${PORTAL_PATH}/auth`
export const LINK_MINUTES = 15
export const SESSION_DAYS = 30

/** The portal's own key, derived from SITE_SECRET so rotating one rotates the other and they are never equal. */
export const portalSecret = (siteSecret: string): string => createHmac('sha256', siteSecret).update('provider portal sign-in').digest('base64url')

export interface PortalAuthSetup extends Omit<FormDeps, 'requestLink' | 'db'> {
  db: Kysely<Database>
  dialect: 'postgres' | 'sqlite'
  siteSecret: string
  /** E-mails (or, on a local site without SMTP, prints) the link; `token` goes in the address of /portal/sign-in. */
  sendLink(email: string, url: string): Promise<void>
}

const timestamps = { createdAt: 'created_at', updatedAt: 'updated_at' }

export function portalAuth(setup: PortalAuthSetup) {
  const linkPage = new URL(`${PORTAL_PATH}/sign-in`, setup.siteUrl)
  const auth = betterAuth({
    appName: 'Provider portal',
    baseURL: setup.siteUrl.origin,
    basePath: AUTH_PATH,
    secret: portalSecret(setup.siteSecret),
    database: { db: setup.db, type: setup.dialect },
    trustedOrigins: [setup.siteUrl.origin],
    telemetry: { enabled: false },
    emailAndPassword: { enabled: false },
    user: { modelName: 'portal_user', fields: { emailVerified: 'email_verified', ...timestamps } },
    session: {
      modelName: 'portal_session',
      fields: { userId: 'user_id', expiresAt: 'expires_at', ipAddress: 'ip_address', userAgent: 'user_agent', ...timestamps },
      expiresIn: SESSION_DAYS * 86_400,
      disableSessionRefresh: true,
    },
    account: {
      modelName: 'portal_account',
      fields: { userId: 'user_id', accountId: 'account_id', providerId: 'provider_id', accessToken: 'access_token', refreshToken: 'refresh_token', idToken: 'id_token', accessTokenExpiresAt: 'access_token_expires_at', refreshTokenExpiresAt: 'refresh_token_expires_at', ...timestamps },
    },
    verification: { modelName: 'portal_verification', fields: { expiresAt: 'expires_at', ...timestamps } },
    advanced: {
      // Every form's origin is checked against the site's, in every environment (Better Auth skips it under tests).
      disableOriginCheck: false,
      disableCSRFCheck: false,
      useSecureCookies: setup.siteUrl.protocol === 'https:',
      cookiePrefix: 'portal',
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: PORTAL_PATH },
      // The front (and Vercel) set X-Forwarded-For to the client's address; its rate limits key by it.
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
    },
    rateLimit: { enabled: true, window: 60, max: 120 },
    // Links are asked for only through the portal's own form (its limits, the same answer for any address); the
    // library's endpoints the portal does not use are closed.
    disabledPaths: ['/sign-in/magic-link', '/sign-in/email', '/sign-up/email', '/sign-in/social', '/update-user', '/delete-user', '/change-email', '/change-password', '/set-password', '/request-password-reset', '/reset-password', '/link-social', '/unlink-account', '/list-accounts', '/refresh-token', '/get-access-token', '/account-info'],
    logger: { level: 'warn' },
    plugins: [
      magicLink({
        expiresIn: LINK_MINUTES * 60,
        storeToken: 'hashed',
        rateLimit: { window: 60, max: 30 },
        // The e-mailed address opens a page with a button that follows the link: a mail scanner that fetches
        // every address in a message does not spend the one-time link.
        sendMagicLink: async ({ email, token }) => {
          // Only to an address that signs in for a provider, whoever asked for it.
          if (!providerForEmail((await setup.content()).providers, email)) return
          const url = new URL(linkPage)
          url.searchParams.set('token', token)
          await setup.sendLink(email, url.toString())
        },
      }),
      portalForms({
        ...setup,
        db: async () => setup.db,
        requestLink: async (email) => {
          await auth.api.signInMagicLink({ body: { email, callbackURL: PORTAL_PATH }, headers: new Headers() })
        },
      }),
    ],
  })
  return auth
}

export type PortalAuth = ReturnType<typeof portalAuth>
