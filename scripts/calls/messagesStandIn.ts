import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { newSid } from './twilioStandIn.ts'

/**
 * Twilio's Messages API on loopback, as far as the site uses it: `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`
 * with basic auth and a form-encoded To, From (or a Messaging Service's `MessagingServiceSid`, or both) and
 * Body. It answers as Twilio documents: 201 with the Message resource (status "queued", or "accepted" through a
 * Messaging Service), 401 with error 20003 for a wrong login, 400 with 21604/21603/21602 for a missing To, sender
 * or Body, 429 with 20429 when told to refuse (a busy account), 404 with 20404 elsewhere.
 */
export interface SentMessage {
  accountSid: string
  to: string
  from: string
  body: string
  sid: string
  /** MG… when the text was sent through a Messaging Service. */
  messagingServiceSid?: string
}

export interface MessagesStandIn {
  url: string
  sent: SentMessage[]
  /** The next `count` sends are refused with 429 (error 20429). */
  refuseNext(count: number): void
  close(): Promise<void>
}

const error = (status: number, code: number, message: string) => ({ status, body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status } })

export async function startMessagesStandIn(accountSid: string, authToken: string, port = 0): Promise<MessagesStandIn> {
  const sent: SentMessage[] = []
  let refuse = 0
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const answer = (() => {
        const path = new URL(request.url ?? '/', 'http://x').pathname
        const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(path)
        if (request.method !== 'POST' || !match) return error(404, 20404, `The requested resource ${path} was not found`)
        const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`
        if (request.headers.authorization !== expected || match[1] !== accountSid) return error(401, 20003, 'Authenticate')
        const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
        const [to, from, body, service] = [form.get('To') ?? '', form.get('From') ?? '', form.get('Body') ?? '', form.get('MessagingServiceSid') ?? '']
        if (!to) return error(400, 21604, "A 'To' phone number is required.")
        if (!from && !service) return error(400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required to send a message")
        if (!body) return error(400, 21602, 'Message body is required.')
        if (refuse > 0) {
          refuse--
          return error(429, 20429, 'Too Many Requests')
        }
        const sid = newSid('SM')
        sent.push({ accountSid, to, from, body, sid, ...(service ? { messagingServiceSid: service } : {}) })
        const created = new Date().toUTCString().replace('GMT', '+0000')
        return {
          status: 201,
          body: { account_sid: accountSid, api_version: '2010-04-01', body, date_created: created, date_sent: null, date_updated: created, direction: 'outbound-api', error_code: null, error_message: null, from, messaging_service_sid: service || null, num_media: '0', num_segments: '1', price: null, price_unit: 'USD', sid, status: service ? 'accepted' : 'queued', subresource_uris: { media: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}/Media.json` }, to, uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json` },
        }
      })()
      response.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8' })
      response.end(JSON.stringify(answer.body))
    })
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sent,
    refuseNext: (count) => void (refuse = count),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
