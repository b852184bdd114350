import { PortalHome, type Search } from '@/content/PortalPages'

export const dynamic = 'force-dynamic'

export default async function Page({ searchParams }: { searchParams: Promise<Search> }) {
  return <PortalHome search={await searchParams} />
}
