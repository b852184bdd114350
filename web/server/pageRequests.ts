import type { IncomingMessage, ServerResponse } from 'node:http'
import { hasKeptCookie } from '../lib/personalization/header.ts'
import type { RequestExtras } from '../lib/personalization/variant.ts'
import { decideVisit } from '../lib/personalization/visit.ts'
import type { FrontContext } from './frontContext.ts'
import type { NextUpstream } from './nextUpstream.ts'
import type { PageAnswers } from './pageAnswers.ts'
import { pageCacheKey } from './pageCache.ts'
import { isPortalPath } from '../lib/portal/paths.ts'
import { isPageRequest, isRouterRequest, isStudio, NOT_FOUND_PAGE, withCookies } from './requestRules.ts'

/**
 * GET and HEAD: a page is answered from the page cache when it has a fresh copy of the version this visit
 * gets, else rendered by Next (a personalized variant within the render bounds); anything else passes through.
 */
export function createPageRequests(context: FrontContext, pages: PageAnswers, next: NextUpstream) {
  const { options, cache, shapes, visitorCopies, decidedCookies } = context
  const { sendPage } = pages
  const { fetchFromNext } = next

  function answerGetOrHead(request: IncomingMessage, response: ServerResponse, url: URL) {
    const path = url.pathname
    if (options.studio === false && isStudio(path)) {
      // A missing path like any other (spec §2.12), logged once, here: Next's request hook sees only the not-found page.
      console.warn(`[404] ${path.slice(0, 300)}`)
      request.url = NOT_FOUND_PAGE
      return fetchFromNext(request, response, NOT_FOUND_PAGE, null, null)
    }
    // The provider portal is each provider's own: never answered from or kept in the page cache, never shaped.
    if (isPortalPath(path)) return fetchFromNext(request, response, path, null, null)
    if (!isPageRequest(request, url)) {
      // A client navigation to a personalized address renders too (its RSC payload): bounded the same way;
      // turned away, it gets the plain page's payload (the query without the ad inputs, Next's _rsc kept).
      if (options.renders && isRouterRequest(request, url) && pageCacheKey(url, shapes) !== path) {
        const plainRouterPayload = () => {
          const rsc = url.searchParams.get('_rsc')
          request.url = rsc === null ? path : `${path}?${new URLSearchParams({ _rsc: rsc })}`
          fetchFromNext(request, response, path, null, null)
        }
        return void admitRender(request, response, path, {}, () => fetchFromNext(request, response, path, null, null), plainRouterPayload)
      }
      return fetchFromNext(request, response, path, null, null)
    }
    const route = shapes.get(path)
    // Not known yet (the list is being read after a publish): Next's request hook decides, and its answer
    // is not kept; one a kept version or campaign may have shaped is private.
    if (route === undefined) {
      if (hasKeptCookie(request.headers.cookie)) visitorCopies.add(request)
      return fetchFromNext(request, response, path, null, null)
    }
    // The request hook's own decision (lib/personalization/visit.ts) on the same content and cookies: a first
    // visit to a test page is given its version here, and the copy of that version is served with its cookie.
    const userAgent = request.headers['user-agent']
    const random = crypto.getRandomValues(new Uint32Array(1))[0]! / 2 ** 32
    const visit = decideVisit(route, request.headers.cookie, userAgent, url.searchParams, random)
    if (visit.setCookies.length > 0) {
      decidedCookies.set(request, visit.setCookies)
      // Next's request hook, if asked, reads the same choice from the cookies and sets none of its own.
      request.headers.cookie = withCookies(request.headers.cookie, visit.setCookies)
    }
    // A crawler's copy of a page with a test is private downstream too: shared, first visitors would get it without a version.
    if (visit.shapedByCookie || visit.excludedBot) visitorCopies.add(request)
    const extras: RequestExtras = { arm: visit.arm, trackingSource: visit.trackingSource }
    const key = pageCacheKey(url, shapes, extras)
    const cached = cache.lookup(key)
    if (cached && cached.state !== 'stale') {
      // A crawler answered here never reaches the request hook, which counts the others.
      if (visit.excludedBot) options.onBotExcluded?.(visit.excludedBot)
      return sendPage(request, response, cached.page, 'hit')
    }
    // A variant with no copy at all is a fresh render: admitted within bounds (a stale copy's refresh is Next's cached one).
    const freshRender = !cached && options.renders !== undefined && key !== plainPageKey(path, extras)
    if (request.method === 'HEAD') {
      if (cached) cache.delete(key)
      if (freshRender) return void admitRender(request, response, path, extras, () => fetchFromNext(request, response, path, null, null))
      return fetchFromNext(request, response, path, null, null)
    }
    const render = () => fetchFromNext(request, response, path, key, null)
    if (freshRender) return void admitRender(request, response, path, extras, render)
    render()
  }

  function plainPageKey(path: string, extras: RequestExtras): string {
    return pageCacheKey(new URL(path, 'http://site.invalid'), shapes, extras)
  }

  /**
   * A fresh render of a personalized variant waits for a slot (admission.ts); past the short queue or
   * its deadline the plain page goes instead, at once: the copy in memory, else Next's plain page.
   */
  async function admitRender(request: IncomingMessage, response: ServerResponse, path: string, extras: RequestExtras, render: () => void, plainRouterPayload?: () => void) {
    const release = await options.renders!.enter()
    if (response.destroyed) return release?.()
    if (release) {
      response.once('close', release)
      return render()
    }
    response.setHeader('x-page-cache', 'plain')
    if (plainRouterPayload) return plainRouterPayload()
    const key = plainPageKey(path, extras)
    const plain = cache.lookup(key)
    if (plain && plain.state !== 'stale') return sendPage(request, response, plain.page, null)
    request.url = path
    fetchFromNext(request, response, path, request.method === 'HEAD' ? null : key, null)
  }

  return { answerGetOrHead }
}
