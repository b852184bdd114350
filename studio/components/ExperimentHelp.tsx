import type { FieldProps } from 'sanity'
import { endedSummary, type PageWithExperiment } from '../actions/endExperiment'

export const EXPERIMENT_HELP =
  'Optional. Each visitor gets one version at random by weight and keeps it; every call tap carries the test and the version. Search engines always see the first version. Each version is rendered once and cached.'

/** The A/B test as Sanity draws it, its help saying, once the test ended, when and which version became the page. */
export function ExperimentField(props: FieldProps) {
  return props.renderDefault({ ...props, description: endedSummary(props.value as PageWithExperiment['experiment']) ?? EXPERIMENT_HELP })
}
