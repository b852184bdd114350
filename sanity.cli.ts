import { defineCliConfig } from 'sanity/cli'
import { studioEnv } from './studio/env'

export default defineCliConfig({
  api: { projectId: studioEnv.projectId, dataset: studioEnv.dataset },
  typegen: {
    path: ['./web/**/*.{ts,tsx}'],
    schema: './studio/schema.json',
    generates: './web/sanity.types.ts',
    overloadClientMethods: true,
  },
})
