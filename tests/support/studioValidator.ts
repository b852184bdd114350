import { createClient } from '@sanity/client'
import { validateDocumentWithWorkspace, type DocumentValidationMarker, type ValidationSource } from '@sanity/validation'
import { createSchema, type SanityDocument } from 'sanity'
import { schemaTypes } from '../../studio/schemas'
import { startLocalLake } from '../../scripts/lake/server'
import { SANITY_API_VERSION } from '../../web/lib/config.ts'
import { bundledDocuments } from '../../web/lib/sanity/localDataset'

/**
 * The Studio's own validator (what blocks Publish, what the field shows) over the project's schema, with the
 * local Content Lake answering the validators that ask the dataset (unique addresses): documents are judged
 * exactly as an editor's are.
 */
export interface StudioValidator {
  markersOf(document: Record<string, unknown>): Promise<DocumentValidationMarker[]>
  close(): Promise<void>
}

export async function startStudioValidator(): Promise<StudioValidator> {
  const schema = createSchema({ name: 'default', types: schemaTypes })
  const lake = await startLocalLake({ documents: bundledDocuments() })
  const client = createClient({ projectId: 'offline0', dataset: 'production', apiVersion: SANITY_API_VERSION, useCdn: false, apiHost: lake.url, useProjectHostname: false })
  const workspace = { schema, getClient: () => client } as unknown as ValidationSource
  return {
    markersOf: (document) => validateDocumentWithWorkspace({ document: document as unknown as SanityDocument, workspace, environment: 'studio' }),
    close: () => lake.close(),
  }
}
