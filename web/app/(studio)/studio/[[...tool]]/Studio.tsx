'use client'

import { NextStudio } from 'next-sanity/studio'
import config from '../../../../../sanity.config'
import { studioEnv } from '../../../../../studio/env'
import { LakeGate } from '../../../../../studio/firstRun/LakeGate'
import { lakeOrigins } from '../../../../../studio/firstRun/lakeReach'

const origins = studioEnv.localLake && studioEnv.apiHost ? lakeOrigins(studioEnv.apiHost, studioEnv.projectId) : []

/** The Studio; on the local Content Lake only once this browser reaches it (studio/firstRun). */
export function Studio() {
  const studio = <NextStudio config={config} />
  return origins.length > 0 ? <LakeGate origins={origins}>{studio}</LakeGate> : studio
}
