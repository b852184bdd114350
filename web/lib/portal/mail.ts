import nodemailer from 'nodemailer'
import { isLocalHost } from '../launch/setupChecks.ts'
import type { PortalWords } from './words.ts'

/**
 * The portal's sign-in link by e-mail: nodemailer over SMTP_URL, from MAIL_FROM. Without SMTP_URL, a local site
 * (not production, or a loopback address) prints the link in the server log, labelled, so an owner trying it out
 * can sign in; a public production site prints only that it sent nothing (`npm run check:launch` blocks that case
 * while providers have portal e-mails). The send runs behind the answer, so how long it takes never tells whether
 * an address may sign in.
 */
export interface MailSetup {
  mail: { smtpUrl: string; from: string } | null
  siteUrl: URL
  /** NODE_ENV is production. */
  production: boolean
  log?: (line: string) => void
}

export interface LinkMessage {
  to: string
  url: string
  words: Pick<PortalWords, 'mailSubject' | 'mailIntro' | 'mailIgnore'>
  brandName: string
}

export type SendLink = (message: LinkMessage) => Promise<void>

/** Prints links instead of sending them only where no one else can read the log as a way in: off a public production site. */
export const printsLinks = (setup: Pick<MailSetup, 'production' | 'siteUrl'>): boolean => !setup.production || isLocalHost(setup.siteUrl.hostname)

export function linkText(message: LinkMessage): string {
  return `${message.words.mailIntro}\n\n${message.url}\n\n${message.words.mailIgnore}\n\n${message.brandName}\n`
}

export function linkSender(setup: MailSetup): SendLink {
  const log = setup.log ?? console.log
  if (!setup.mail) {
    return async (message) => {
      if (printsLinks(setup)) log(`[portal] sign-in link for ${message.to} (no SMTP_URL: printed, not sent): ${message.url}`)
      else log(`[portal] no SMTP_URL: the sign-in link for ${message.to} was not sent. Set SMTP_URL and MAIL_FROM (docs/providers.md).`)
    }
  }
  const transport = nodemailer.createTransport(setup.mail.smtpUrl)
  const from = setup.mail.from
  return async (message) => {
    await transport.sendMail({ from, to: message.to, subject: `${message.words.mailSubject} – ${message.brandName}`, text: linkText(message) })
  }
}
