import { describe, expect, it } from 'vitest'
import { refusedPort } from '../support/postgrest'
import { buildNext, startSite } from './nextServer'

/**
 * A build configured for a Sanity project whose Content Lake cannot be reached fails, with a
 * message that names the project and says how to fix it (the decision: never publish a site built
 * from nothing; the bundled dataset is used only when no project is configured).
 */
describe('build with the Content Lake unreachable', () => {
  it('fails with a clear message', async () => {
    const port = await refusedPort()
    const error = await buildNext({
      NEXT_PUBLIC_SANITY_PROJECT_ID: 'unreachable',
      SANITY_API_HOST: `http://127.0.0.1:${port}`,
      NEXT_DIST_DIR: '.next-unreachable',
      // The suite's production build's compile: the fault is in the generate step, where content is read.
    }, { compiledIn: process.env.NEXT_DIST_DIR || '.next' }).catch((failure: Error) => failure)
    expect(error).toBeInstanceOf(Error)
    expect((error as Error).message).toMatch(/Could not read content from Sanity project "unreachable"/)
    expect((error as Error).message).toMatch(/unset NEXT_PUBLIC_SANITY_PROJECT_ID to build from the bundled dataset/)
  }, 600_000)
})

describe('start with an invalid environment', () => {
  it('refuses to serve and names the variable', async () => {
    const error = await startSite(3109, { NEXT_PUBLIC_SANITY_PROJECT_ID: 'Not A Project!' }).catch((failure: Error) => failure)
    expect(error).toBeInstanceOf(Error)
    expect((error as Error).message).toMatch(/NEXT_PUBLIC_SANITY_PROJECT_ID "Not A Project!" is not a Sanity project id/)
  }, 60_000)
})
