import { StopIcon } from '@sanity/icons/Stop'
import { Box, Button, Card, Flex, Radio, Stack, Text } from '@sanity/ui'
import { useToast } from '@sanity/ui/toast'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { useDocumentOperation, useValidationStatus, type DocumentActionComponent } from 'sanity'
import { endExperimentPatches, endingChoices, hasOpenExperiment, type EndingChoice, type PageWithExperiment } from './endExperiment'

/** What is under way once the editor confirmed: the choice, and the published revision it started from. */
type Ending = { choice: EndingChoice; fromRevision: string | undefined }

/**
 * "End A/B test" on a page whose test has not stopped: the editor picks what stays (the page as it
 * is, or one version), and one click writes that version's changes into the page, stops the test now
 * (the test stays on the page as the record of what ran) and publishes. Sanity's "patch then
 * publish" pattern: useDocumentOperation's patch.execute() then publish.execute().
 */
export const EndExperimentAction: DocumentActionComponent = (props) => {
  const { id, type, draft, published } = props
  const doc = (draft ?? published) as PageWithExperiment | null
  const { patch, publish } = useDocumentOperation(id, type)
  const { validation } = useValidationStatus(draft?._id ?? published?._id ?? id, type, true)
  const hasErrors = validation.some((marker) => marker.level === 'error')
  const toast = useToast()
  const [open, setOpen] = useState(false)
  const [picked, setPicked] = useState('page')
  const [ending, setEnding] = useState<Ending | null>(null)
  const choices = useMemo(() => (doc ? endingChoices(doc) : []), [doc])
  const choice = choices.find((candidate) => candidate.id === picked) ?? choices[0]

  // Done once a new revision is published and no draft is left.
  useEffect(() => {
    if (!ending || draft || published?._rev === ending.fromRevision) return
    toast.push({
      status: 'success',
      title: 'The A/B test has ended',
      description:
        ending.choice.outcome.keep === 'page'
          ? 'Every visitor now sees the current page. It is published.'
          : `Version ${ending.choice.outcome.key} is now the page, and it is published.`,
    })
    setEnding(null)
  }, [ending, draft, published?._rev, toast])

  // Not published within 15 s (no permission, no connection): say so and let the editor try again.
  useEffect(() => {
    if (!ending) return
    const timer = setTimeout(() => {
      toast.push({
        status: 'error',
        title: 'The page was not published',
        description: 'The A/B test may still be running. Check the page for problems, then end the test again.',
      })
      setEnding(null)
    }, 15_000)
    return () => clearTimeout(timer)
  }, [ending, toast])

  const close = useCallback(() => setOpen(false), [])

  const end = useCallback(() => {
    if (!doc || !choice) return
    setEnding({ choice, fromRevision: published?._rev })
    setOpen(false)
    patch.execute(endExperimentPatches(doc, choice.outcome, new Date()))
    publish.execute()
  }, [doc, choice, patch, publish, published?._rev])

  if (!ending && !hasOpenExperiment(doc)) return null

  return {
    label: ending ? 'Ending the A/B test…' : 'End A/B test',
    icon: StopIcon,
    tone: 'caution',
    disabled: Boolean(ending) || hasErrors,
    title: hasErrors
      ? 'Fix the problems marked on this page first: ending the test publishes the page.'
      : 'Stop the test, keep the page or one version, and publish.',
    onHandle: () => {
      setPicked('page')
      setOpen(true)
    },
    dialog: open && {
      type: 'dialog',
      header: 'End the A/B test',
      onClose: close,
      width: 'medium',
      content: (
        <Stack gap={4}>
          <Text size={1}>
            Choose what every visitor sees from now on. The test stops now and the page is published right away. The test’s results stay in the Calls report.
          </Text>
          {draft ? <Text size={1} muted>Changes you have not published yet on this page are published with it.</Text> : null}
          <Stack gap={2} role="radiogroup" aria-label="What to keep">
            {choices.map((option) => (
              <Card key={option.id} as="label" padding={3} radius={2} border tone={option.id === choice?.id ? 'primary' : 'default'} style={{ cursor: 'pointer' }}>
                <Flex gap={3} align="flex-start">
                  <Radio name="end-ab-test" value={option.id} checked={option.id === choice?.id} onChange={() => setPicked(option.id)} />
                  <Stack gap={2} flex={1}>
                    <Text weight="semibold">{option.label}</Text>
                    {option.details.map((detail) => (
                      <Text key={detail} size={1} muted>
                        {detail}
                      </Text>
                    ))}
                  </Stack>
                </Flex>
              </Card>
            ))}
          </Stack>
        </Stack>
      ),
      footer: (
        <Flex gap={2} justify="flex-end">
          <Button mode="bleed" text="Cancel" onClick={close} />
          <Box>
            <Button tone="primary" icon={StopIcon} text="End the test and publish" onClick={end} disabled={!choice} />
          </Box>
        </Flex>
      ),
    },
  }
}

EndExperimentAction.displayName = 'EndExperimentAction'
