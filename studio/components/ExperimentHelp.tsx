import { useFormValue } from 'sanity'
import { endedSummary, type PageWithExperiment } from '../actions/endExperiment'

const RUNNING =
  'Optional. Each visitor gets one version at random by weight and keeps it; every call tap carries the test and the version. Search engines always see the first version. Each version is rendered once and cached.'

/** The help under “A/B test”: how a test works, or, once it ended, when and which version became the page. */
export function ExperimentHelp() {
  return <>{endedSummary(useFormValue(['experiment']) as PageWithExperiment['experiment']) ?? RUNNING}</>
}

/** What it can say, for checks that read help text without a form around it. */
ExperimentHelp.editorTexts = [RUNNING, endedSummary({ stop: '2026-01-01T00:00:00Z', kept: 'b' }, Date.parse('2026-02-01'))!]
