import { Stack, Text } from '@sanity/ui'
import { useFormValue, type StringInputProps } from 'sanity'
import { matchingAddresses, normalizeMatchValue, type TrackingMatch } from '../web/lib/trackingNumbers/trackingNumber'

/**
 * A tracking rule's value, with the landing addresses it matches underneath: the editor sees that
 * “Spring Promo” is the campaign spring-promo, and which ad addresses get the rule's number.
 */
export function RuleMatches(props: StringInputProps) {
  const match = useFormValue([...props.path.slice(0, -1), 'match']) as TrackingMatch | undefined
  const addresses = match ? matchingAddresses(match, props.value) : []
  const normalized = match ? normalizeMatchValue(match, props.value) : ''
  return (
    <Stack gap={3}>
      {props.renderDefault(props)}
      {addresses.length > 0 ? (
        <Text size={1} muted data-testid="rule-matches">
          Matches the {match} “{normalized}”: landing addresses such as {addresses.join(', ')} (capital letters, spaces, “_” and “-” do not matter).
        </Text>
      ) : null}
    </Stack>
  )
}
