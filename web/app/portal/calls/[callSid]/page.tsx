import { PortalCall, type Search } from '@/content/PortalPages'

export const dynamic = 'force-dynamic'

export default async function Page({ params, searchParams }: { params: Promise<{ callSid: string }>; searchParams: Promise<Search> }) {
  return <PortalCall callSid={(await params).callSid} search={await searchParams} />
}
