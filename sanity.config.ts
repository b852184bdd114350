'use client'

import { visionTool } from '@sanity/vision'
import { defineConfig } from 'sanity'
import { presentationTool } from 'sanity/presentation'
import { structureTool } from 'sanity/structure'
import { presentationPreviewUrl, presentationResolve } from './studio/presentation'
import { schemaTypes } from './studio/schemas'
import { singletonTypes, structure } from './studio/structure'
import { studioEnv } from './studio/env'
import { callsTool } from './studio/tools/calls'
import { EndExperimentAction } from './studio/actions/EndExperimentAction'
import { SendPortalLinkAction } from './studio/actions/SendPortalLinkAction'
import { GUARDED_TYPES, withGuards } from './studio/actions/GuardedActions'
import { withNewReferences } from './studio/actions/PublishWithNew'
import { withPublishOnRestore } from './studio/actions/RestoreAndPublish'
import { StudioLayout } from './studio/StudioLayout'
import { editorWordBundles } from './studio/editorWords'
import { spreadLakeStreams } from './studio/lakeStreams'

/** The kinds of page an editor builds from other documents (questions, pests). */
const PAGE_TYPES = new Set(['page', 'pestPage'])

const LOCAL_LAKE_OFF = {
  tasks: { enabled: false },
  releases: { enabled: false },
  scheduledPublishing: { enabled: false },
  scheduledDrafts: { enabled: false },
  mediaLibrary: { enabled: false },
  announcements: { enabled: false },
  // Search and document lists with plain GROQ: the local lake evaluates with groq-js, which has no text::query().
  search: { strategy: 'groqLegacy' },
  // History from the transactions the lake keeps (data/history/…/transactions and …/documents?revision=),
  // not from Sanity's hosted events API, which the lake does not serve.
  beta: { eventsAPI: { documents: false } },
} as const

// On the local Content Lake (plain HTTP/1.1) each of the Studio's event streams takes a host name of its own, so
// they never fill the six connections a browser opens to one host (studio/lakeStreams.ts).
if (studioEnv.localLake && studioEnv.apiHost) spreadLakeStreams(studioEnv.apiHost)

export default defineConfig({
  name: 'default',
  title: 'Local Pest Experts',
  basePath: '/studio',
  projectId: studioEnv.projectId,
  dataset: studioEnv.dataset,
  apiHost: studioEnv.apiHost,
  // The local Content Lake serves documents, history and images, not Sanity's hosted services:
  // those features are off there rather than failing (README: the local Content Lake's limits).
  ...(studioEnv.localLake ? LOCAL_LAKE_OFF : {}),
  // The local lake offers one sign-in ("Local editor"): take it without a click.
  ...(studioEnv.localLake ? { auth: { redirectOnSingle: true } } : {}),
  // The home page's id, known before any list or search draws a page, and breadcrumbs as written (studio/StudioLayout.tsx).
  studio: { components: { layout: StudioLayout } },
  // Sanity's own words in publishing, deleting and restoring, in the editor's words (studio/editorWords.ts).
  i18n: { bundles: editorWordBundles },
  plugins: [
    structureTool({ structure }),
    presentationTool({ previewUrl: presentationPreviewUrl, resolve: presentationResolve }),
    // Vision (a query console) is for developers: only in a development Studio (`next dev`, `sanity dev`), never in a
    // production build, where editors work. The flag is the framework's own NODE_ENV, fixed at build time.
    ...(process.env.NODE_ENV === 'development' ? [visionTool({ defaultApiVersion: studioEnv.apiVersion })] : []),
  ],
  // Calls: taps from the site's call log and A/B verdicts (studio/tools/calls).
  tools: (previous) => [...previous, callsTool],
  schema: {
    types: schemaTypes,
    // Site settings is a singleton: it cannot be created again from the "new document" menu.
    templates: (templates) => templates.filter(({ schemaType }) => !singletonTypes.has(schemaType)),
  },
  document: {
    ...(studioEnv.localLake ? { comments: { enabled: false } } : {}),
    actions: (prev, { schemaType, versionType }) => {
      if (singletonTypes.has(schemaType)) return prev.filter(({ action }) => action && ['publish', 'discardChanges', 'restore'].includes(action))
      // Delete and Unpublish refused while a published page uses the document (studio/deleteGuard.ts); History's
      // Restore publishes what it restores (studio/actions/RestoreAndPublish.tsx); a page's Publish publishes what
      // was created from it (studio/actions/PublishWithNew.tsx).
      const guardedActions = (GUARDED_TYPES.has(schemaType) ? withGuards(prev) : prev).map((action) => (action.action === 'restore' ? withPublishOnRestore(action) : action))
      const actions = PAGE_TYPES.has(schemaType) ? guardedActions.map((action) => (action.action === 'publish' ? withNewReferences(action) : action)) : guardedActions
      // Pages: "End A/B test" (studio/actions) right after Publish, on the page being edited (not on a past revision).
      if (schemaType === 'page' && (versionType === 'draft' || versionType === 'published')) {
        const after = actions.findIndex(({ action }) => action === 'publish') + 1 || actions.length
        return [...actions.slice(0, after), EndExperimentAction, ...actions.slice(after)]
      }
      // Providers: "Send portal sign-in link" (studio/actions/SendPortalLinkAction.tsx), beside Publish.
      if (schemaType === 'provider' && (versionType === 'draft' || versionType === 'published')) return [...actions, SendPortalLinkAction]
      return actions
    },
  },
})
