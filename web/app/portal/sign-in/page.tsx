import { PortalLinkLanding, type Search } from '@/content/PortalPages'

export const dynamic = 'force-dynamic'

export default async function Page({ searchParams }: { searchParams: Promise<Search> }) {
  return <PortalLinkLanding search={await searchParams} />
}
