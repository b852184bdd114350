import { PortalStatement, type Search } from '@/content/PortalPages'

export const dynamic = 'force-dynamic'

export default async function Page({ searchParams }: { searchParams: Promise<Search> }) {
  return <PortalStatement search={await searchParams} />
}
