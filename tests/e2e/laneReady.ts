import { sharedSiteUrl } from './sharedSite'

/**
 * Setup file: the shared server of this file's worker answers before the file loads (the first one is
 * ready when the run starts; the others start alongside the first files).
 */
const url = sharedSiteUrl()
const deadline = Date.now() + 120_000
for (;;) {
  try {
    await fetch(`${url}/livez`)
    break
  } catch {
    if (Date.now() > deadline) throw new Error(`The shared server at ${url} did not answer within 120 s (its error is in the run's output).`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}
