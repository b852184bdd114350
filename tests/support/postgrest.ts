import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A loopback stand-in for Supabase's REST interface (PostgREST) serving the location_data table:
 * GET /rest/v1/location_data?select=city_stateabbr&location_code=eq.<code> → a JSON array of rows.
 * `mode` switches it into the failures a real backend shows: an HTTP 500 with PostgREST's error
 * body, or a server that accepts the request and never answers.
 */
export type PostgrestMode = 'ok' | 'error500' | 'hang'

export interface PostgrestStandIn {
  url: string
  mode: PostgrestMode
  requests: { path: string; headers: IncomingHttpHeaders }[]
  close(): Promise<void>
}

export async function startPostgrest(rows: Record<string, string>, port = 0): Promise<PostgrestStandIn> {
  const state = { mode: 'ok' as PostgrestMode, requests: [] as PostgrestStandIn['requests'] }
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in')
    state.requests.push({ path: `${url.pathname}${url.search}`, headers: request.headers })
    if (state.mode === 'hang') return // keep the socket open, answer nothing
    if (state.mode === 'error500') {
      response.writeHead(500, { 'content-type': 'application/json' })
      return response.end(JSON.stringify({ code: 'XX000', message: 'internal error', details: null, hint: null }))
    }
    if (url.pathname !== '/rest/v1/location_data') {
      response.writeHead(404, { 'content-type': 'application/json' })
      return response.end(JSON.stringify({ code: '42P01', message: 'relation does not exist' }))
    }
    const code = url.searchParams.get('location_code')?.replace(/^eq\./, '') ?? ''
    const label = rows[code]
    const body = label ? [{ city_stateabbr: label }] : []
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-range': `0-${body.length - 1}/*` })
    response.end(JSON.stringify(body))
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const { port: actual } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${actual}`,
    get mode() {
      return state.mode
    },
    set mode(value) {
      state.mode = value
    },
    requests: state.requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** A loopback port with nothing listening on it: connections are refused. */
export async function refusedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}
