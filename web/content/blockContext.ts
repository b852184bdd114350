import type { BlockContext } from '@/blocks/types'
import { serverConfig } from '@/lib/config'
import { readsLocalLake } from '@/lib/imageHosts'
import { getPests, getSettings } from './loaders'

/** The context every block renders with: settings, pest photos and where pest photos come from. */
export async function baseBlockContext(): Promise<BlockContext> {
  const [site, pests] = await Promise.all([getSettings(), getPests()])
  const config = serverConfig()
  return { site, pests, supabaseUrl: config.supabase?.url, localLake: readsLocalLake(config.sanity?.apiHost) }
}
