import { Box, Button, Card, Flex, Stack, Text, TextInput } from '@sanity/ui'
import { useEffect, useState } from 'react'
import { insert, setIfMissing, type ArrayOfPrimitivesInputProps } from 'sanity'

/**
 * A provider's Places with a search by place name: the site answers from its location table
 * (/api/locations, the Studio being embedded in the site), and a chosen place adds its number.
 */
interface PlaceMatch {
  code: string
  label: string
}

export function PlaceSearchInput(props: ArrayOfPrimitivesInputProps) {
  const { onChange, value } = props
  const [query, setQuery] = useState('')
  const [matches, setMatches] = useState<PlaceMatch[]>([])
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    if (query.trim().length < 2) return
    const controller = new AbortController()
    const timer = setTimeout(() => {
      fetch(`/api/locations?q=${encodeURIComponent(query)}`, { signal: controller.signal })
        .then((response) => (response.ok ? (response.json() as Promise<{ places: PlaceMatch[] }>) : Promise.reject(new Error(String(response.status)))))
        .then((answer) => {
          setFailed(false)
          setMatches(answer.places)
        })
        .catch(() => {
          if (!controller.signal.aborted) setFailed(true)
        })
    }, 200)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [query])

  const shown = query.trim().length < 2 ? [] : matches
  const chosen = new Set((value ?? []).map(String))
  const add = (code: string) => onChange([setIfMissing([]), insert([code], 'after', [-1])])

  return (
    <Stack gap={3}>
      {props.renderDefault(props)}
      <TextInput placeholder="Find a city or county, e.g. Dallas" value={query} onChange={(event) => setQuery(event.currentTarget.value)} />
      {failed ? <Text size={1} muted>The place search is not available here: write the place’s number instead.</Text> : null}
      {shown.length > 0 ? (
        <Card border radius={2} padding={2}>
          <Stack gap={1}>
            {shown.map((place) => (
              <Flex key={place.code} align="center" gap={2}>
                <Box flex={1}>
                  <Text size={1}>
                    {place.label} <span style={{ opacity: 0.6 }}>({place.code})</span>
                  </Text>
                </Box>
                <Button mode="ghost" fontSize={1} padding={2} text={chosen.has(place.code) ? 'Added' : 'Add'} disabled={chosen.has(place.code)} onClick={() => add(place.code)} />
              </Flex>
            ))}
          </Stack>
        </Card>
      ) : null}
    </Stack>
  )
}
