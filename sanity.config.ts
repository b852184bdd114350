'use client'

import { visionTool } from '@sanity/vision'
import { defineConfig } from 'sanity'
import { presentationTool } from 'sanity/presentation'
import { structureTool } from 'sanity/structure'
import { presentationPreviewUrl, presentationResolve } from './studio/presentation'
import { schemaTypes } from './studio/schemas'
import { singletonTypes, structure } from './studio/structure'
import { studioEnv } from './studio/env'

export default defineConfig({
  name: 'default',
  title: 'Local Pest Experts',
  basePath: '/studio',
  projectId: studioEnv.projectId,
  dataset: studioEnv.dataset,
  plugins: [
    structureTool({ structure }),
    presentationTool({ previewUrl: presentationPreviewUrl, resolve: presentationResolve }),
    visionTool({ defaultApiVersion: studioEnv.apiVersion }),
  ],
  schema: {
    types: schemaTypes,
    // Site settings is a singleton: it cannot be created again from the "new document" menu.
    templates: (templates) => templates.filter(({ schemaType }) => !singletonTypes.has(schemaType)),
  },
  document: {
    actions: (actions, { schemaType }) =>
      singletonTypes.has(schemaType)
        ? actions.filter(({ action }) => action && ['publish', 'discardChanges', 'restore'].includes(action))
        : actions,
  },
})
