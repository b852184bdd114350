import { useEffect, useState } from 'react'
import type { ClientPerspective } from '@sanity/client'
import { useClient } from 'sanity'
import { studioEnv } from '../env'

/**
 * One GROQ question's answer, read again whenever `key` changes (the question's parameters, or a revision the
 * answer depends on); `null` while the first answer is awaited, and `failed` when the lake could not answer. A
 * new question keeps the last answer shown until its own arrives, so an action does not flicker while it checks.
 */
export function useAnswer<T>(question: { query: string; params: Record<string, unknown>; perspective: ClientPerspective } | null, key: string, failed: T): T | null {
  const client = useClient({ apiVersion: studioEnv.apiVersion })
  const [answer, setAnswer] = useState<T | null>(null)
  useEffect(() => {
    if (!question) return
    let live = true
    client
      .fetch<T>(question.query, question.params, { perspective: question.perspective })
      .then((found) => live && setAnswer(found))
      .catch(() => live && setAnswer(failed))
    return () => {
      live = false
    }
    // The question is named by its key: a new object with the same key asks nothing new.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, key])
  return question ? answer : null
}
