import type { IncomingMessage, ServerResponse } from 'node:http'

/**
 * The HTTP plumbing every part of the local Content Lake shares: JSON answers, request bodies,
 * CORS, bearer tokens and GROQ parameters in the query string, as Sanity's API sends and reads them.
 */

/** Where the lake is reached: its project and dataset, and its base address (known once it listens). */
export interface LakeAddress {
  projectId: string
  dataset: string
  /** The address browsers name it by (`http://localhost:PORT`). */
  baseUrl(): string
}

/** A part of the lake's API: answers the request and returns true, or returns false when the route is not its. */
export type LakeRoute = (request: IncomingMessage, response: ServerResponse, url: URL, route: string) => boolean | Promise<boolean>

/** The token of an `Authorization: Bearer …` header, else null. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer (\S+)$/.exec(header ?? '')
  return match ? match[1]! : null
}

export function cors(request: IncomingMessage, response: ServerResponse) {
  const origin = request.headers.origin
  if (origin) {
    response.setHeader('access-control-allow-origin', origin)
    response.setHeader('access-control-allow-credentials', 'true')
    response.setHeader('vary', 'origin')
  }
}

/** A JSON answer; true, so a route can `return send(…)`. */
export function send(response: ServerResponse, status: number, body: unknown): true {
  const json = JSON.stringify(body)
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json) })
  response.end(json)
  return true
}

export async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

export async function readJson<T>(request: IncomingMessage): Promise<T> {
  return JSON.parse((await readBody(request)).toString('utf8')) as T
}

/** The GROQ parameters of a query string (`$name=<JSON>`). */
export function queryParams(url: URL): Record<string, unknown> {
  const params: Record<string, unknown> = {}
  for (const [key, value] of url.searchParams) if (key.startsWith('$')) params[key.slice(1)] = JSON.parse(value)
  return params
}
