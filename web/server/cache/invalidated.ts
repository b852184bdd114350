import { onInvalidation } from './sharedCache.ts'

/**
 * Resolves once this process has marked every one of these tags invalid (Next applies a route handler's
 * revalidateTag only after the handler returns), or after timeoutMs; true when it saw them all. Call it
 * before revalidateTag. A shared cache purged before that could fetch the old page again and keep it.
 */
export function whenInvalidated(tags: readonly string[], timeoutMs: number): Promise<boolean> {
  const waiting = new Set(tags)
  if (waiting.size === 0) return Promise.resolve(true)
  return new Promise((resolve) => {
    const finish = (seen: boolean) => {
      clearTimeout(timer)
      stop()
      resolve(seen)
    }
    const timer = setTimeout(() => finish(false), timeoutMs)
    const stop = onInvalidation((invalidation) => {
      for (const tag of invalidation.tags) waiting.delete(tag)
      if (waiting.size === 0) finish(true)
    })
  })
}
