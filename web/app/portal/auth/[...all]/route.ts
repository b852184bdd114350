import { portalAuthNow } from '@/content/portalRuntime'

/** Better Auth's endpoints for the provider portal: the one-time link, sign-out and the portal's forms (web/lib/portal/auth.ts). */
export const dynamic = 'force-dynamic'

export async function GET(request: Request) {
  return (await portalAuthNow()).handler(request)
}

export async function POST(request: Request) {
  return (await portalAuthNow()).handler(request)
}
