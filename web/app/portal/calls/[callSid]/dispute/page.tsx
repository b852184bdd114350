import { PortalDispute, type Search } from '@/content/PortalPages'

export const dynamic = 'force-dynamic'

export default async function Page({ params, searchParams }: { params: Promise<{ callSid: string }>; searchParams: Promise<Search> }) {
  return <PortalDispute callSid={(await params).callSid} search={await searchParams} />
}
