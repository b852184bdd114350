import type { IncomingMessage, ServerResponse } from 'node:http'
import { frontContext, type FrontOptions } from './frontContext.ts'
import { createNextUpstream } from './nextUpstream.ts'
import { createPageAnswers } from './pageAnswers.ts'
import { createPageRequests } from './pageRequests.ts'
import { createRawAnswers } from './rawAnswers.ts'
import { createRequestBodies } from './requestBodies.ts'
import { dropInvalidPreviewCookies, parseUrl } from './requestRules.ts'
import { checkRequestTarget } from './requestTarget.ts'

export type { DirectAnswer, FrontOptions, Health } from './frontContext.ts'
export { pageEncoding } from './pageAnswers.ts'
export { clientErrorResponse, NOTHING_POLICY, rawAnswer } from './rawAnswers.ts'

/**
 * The public HTTP server in front of Next (which listens on a loopback port of its own):
 * - page requests are answered from the page cache when it has a fresh copy (see pageCache.ts); which
 *   pages run an A/B test or read ad inputs is content (./pageShapes.ts), and a visit is decided here with
 *   the request hook's own `decideVisit`: a first visit to a test page gets the cached copy of the version
 *   it was given, with the signed cookie the decision set (pageRequests.ts);
 * - every page's HTML gets a Content-Security-Policy listing its own inline scripts' hashes, so
 *   no other inline script can run; every other response gets a policy that allows nothing (pageAnswers.ts);
 * - pages and files answer GET and HEAD only; a body is read (bounded) only for the routes that
 *   take one, before Next sees the request (requestBodies.ts);
 * - everything else (assets, API routes, the Studio, client navigations) passes through, streamed (nextUpstream.ts);
 * - every response it sends, its own included, carries the security headers (rawAnswers.ts).
 * This file routes a request to the part that answers it.
 */
export function createFrontHandler(options: FrontOptions) {
  const context = frontContext(options)
  const raw = createRawAnswers(options)
  const pages = createPageAnswers(context, raw)
  const next = createNextUpstream(context, raw, pages)
  const bodies = createRequestBodies(context, raw, next)
  const pageRequests = createPageRequests(context, pages, next)

  async function healthz(response: ServerResponse) {
    if (!options.health) return false
    const { ok, body } = await options.health({ nextAnsweredAt: next.nextAnsweredAt() }).catch(() => ({ ok: false, body: { status: 'error' } }))
    raw.sendJson(response, ok ? 200 : 503, body)
    return true
  }

  return function handle(request: IncomingMessage, response: ServerResponse) {
    const target = checkRequestTarget(request.url, { httpVersion: request.httpVersion, host: request.headers.host })
    if (!target.ok) {
      if (target.status === 308) {
        request.resume()
        return raw.redirect(response, target.location)
      }
      return next.refuse(request, response, target.status, target.message)
    }
    // Absolute-form reduced to its path: the host in it is never used.
    request.url = target.target
    const url = parseUrl(request.url)
    if (!url) return next.refuse(request, response, 400, 'Bad request.')
    const path = url.pathname
    const method = request.method ?? 'GET'
    const readOnly = method === 'GET' || method === 'HEAD'
    if ((path === '/healthz' || path === '/readyz') && options.health && readOnly) return void healthz(response)
    if (path === '/livez' && options.health && readOnly) return raw.sendJson(response, 200, { status: 'ok' })
    dropInvalidPreviewCookies(request, options.isDraftSession)
    if (!readOnly) return bodies.answerOtherMethod(request, response, path)
    pageRequests.answerGetOrHead(request, response, url)
  }
}
