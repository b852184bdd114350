import { Box, Button, Flex, Select, Stack, Text, TextInput } from '@sanity/ui'
import { useMemo, useState } from 'react'
import type { CallsReport } from '../../../web/lib/campaigns/report'
import { callsCsv, callTime, filterCalls, outcomeLabel, pageOf, sourceLabel, SOURCE_LABELS, type CallFilter } from '../../../web/lib/calls/callList'
import { OUTCOMES, OUTCOME_LABELS } from '../../../web/lib/calls/outcomes/rules'
import { formatUsPhone } from '../../../web/lib/phone'
import { CallDetail } from './CallDetail'

/**
 * Studio → Calls → Calls: one row per call of the last 30 days — filtered by day, outcome and source, newest
 * first, a page at a time, downloadable as a spreadsheet. Opening a row shows how the call went, plays its
 * recording (fetched through the site with the editor's own login) and shows what was said; the outcome and a
 * booked job's value can be changed there, and the change is kept with the editor's name.
 */
const DEFAULT_ZONE = 'America/New_York'
const cellStyle = { textAlign: 'left' as const, padding: '6px 10px 6px 0', borderBottom: '1px solid var(--card-border-color)', verticalAlign: 'top' as const }
const FILTER = { width: 200 }
const HEAD = ['Time', 'Caller', 'Number called', 'Source', 'Campaign', 'Keyword', 'Page', 'Place', 'Version', 'Talk', 'Outcome', 'Value']

function download(text: string, name: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }))
  const link = Object.assign(document.createElement('a'), { href: url, download: name })
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 1_000)
}

export function CallsView({ report, token, onChanged }: { report: CallsReport; token: string | undefined; onChanged: () => void }) {
  const zone = report.timeZone ?? DEFAULT_ZONE
  const [filter, setFilter] = useState<CallFilter>({ from: '', to: '', outcome: '', source: '' })
  const [page, setPage] = useState(0)
  const [openId, setOpenId] = useState<string | null>(null)
  const shown = useMemo(() => filterCalls(report.calls ?? [], filter, zone), [report.calls, filter, zone])
  const current = pageOf(shown, page)
  const open = shown.find((call) => call.id === openId) ?? null
  const set = (change: Partial<CallFilter>) => {
    setFilter((before) => ({ ...before, ...change }))
    setPage(0)
  }
  return (
    <Stack gap={4}>
      <Flex gap={3} wrap="wrap" align="center">
        <Box style={FILTER}>
          <TextInput aria-label="From day" type="date" value={filter.from} onChange={(event) => set({ from: event.currentTarget.value })} />
        </Box>
        <Box style={FILTER}>
          <TextInput aria-label="To day" type="date" value={filter.to} onChange={(event) => set({ to: event.currentTarget.value })} />
        </Box>
        <Box style={FILTER}>
          <Select aria-label="Outcome" value={filter.outcome} onChange={(event) => set({ outcome: event.currentTarget.value })}>
            <option value="">Every outcome</option>
            {OUTCOMES.map((outcome) => (
              <option key={outcome} value={outcome}>
                {OUTCOME_LABELS[outcome]}
              </option>
            ))}
            <option value="none">Not decided yet</option>
          </Select>
        </Box>
        <Box style={FILTER}>
          <Select aria-label="Source" value={filter.source} onChange={(event) => set({ source: event.currentTarget.value })}>
            <option value="">Every source</option>
            {Object.entries(SOURCE_LABELS)
              .filter(([key]) => key !== 'wbraid')
              .map(([key, label]) => (
                <option key={key} value={key}>
                  {label}
                </option>
              ))}
          </Select>
        </Box>
        <Button text="Download spreadsheet" mode="ghost" onClick={() => download(callsCsv(shown, zone), 'calls.csv')} disabled={shown.length === 0} />
      </Flex>
      {shown.length === 0 ? (
        <Text muted>No calls match.</Text>
      ) : (
        <Box style={{ overflowX: 'auto' }}>
          <table aria-label="Calls" style={{ borderCollapse: 'collapse', width: '100%' }}>
            <thead>
              <tr>
                {HEAD.map((cell) => (
                  <th key={cell} style={cellStyle}>
                    <Text size={1} weight="semibold">
                      {cell}
                    </Text>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {current.rows.map((call) => (
                <tr key={call.id} onClick={() => setOpenId(call.id === openId ? null : call.id)} style={{ cursor: 'pointer', background: call.id === openId ? 'var(--card-selected-bg-color, #eef)' : undefined }} data-call={call.id}>
                  {[callTime(call, zone), call.caller || '(not kept)', formatUsPhone(call.number), sourceLabel(call.source), call.campaign || '–', call.keyword || '–', call.page || '–', call.location || '–', call.version ? `${call.experiment}: ${call.version}` : '–', `${call.talkSeconds} s`].map((text, index) => (
                    <td key={index} style={cellStyle}>
                      <Text size={1}>{text}</Text>
                    </td>
                  ))}
                  <td style={cellStyle}>
                    <Stack gap={2}>
                      <Text size={1} weight="semibold">
                        {outcomeLabel(call.outcome)}
                      </Text>
                      <Text size={0} muted>
                        {call.outcomeReason}
                      </Text>
                    </Stack>
                  </td>
                  <td style={cellStyle}>
                    <Text size={1}>{call.value === null ? '–' : call.value.toLocaleString('en-US')}</Text>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Box>
      )}
      <Flex gap={3} align="center">
        <Button text="Newer" mode="ghost" disabled={current.page === 0} onClick={() => setPage(current.page - 1)} />
        <Text size={1} muted>
          Page {current.page + 1} of {current.pages} · {shown.length} calls
        </Text>
        <Button text="Older" mode="ghost" disabled={current.page >= current.pages - 1} onClick={() => setPage(current.page + 1)} />
      </Flex>
      {open ? <CallDetail key={open.id} call={open} zone={zone} token={token} onChanged={onChanged} /> : null}
    </Stack>
  )
}
