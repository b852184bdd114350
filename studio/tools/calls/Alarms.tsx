import { Card, Heading, Stack, Text } from '@sanity/ui'
import type { Alarm } from '../../../web/lib/calls/report'

/** What the owner should look at now (calls past a provider's cap, withheld callers to review, texts waiting), above every view of the Calls tool. */
export function Alarms({ alarms }: { alarms: readonly Alarm[] }) {
  if (alarms.length === 0) return null
  return (
    <Card padding={4} radius={2} border tone="caution" aria-label="Needs your attention">
      <Stack gap={3}>
        <Heading as="h2" size={1}>
          Needs your attention
        </Heading>
        {alarms.map((alarm) => (
          <Text key={alarm.kind} size={1}>
            {alarm.message}
          </Text>
        ))}
      </Stack>
    </Card>
  )
}
