import { Box, Card, Heading, Stack, Text } from '@sanity/ui'
import type { CallsReport } from '../../../web/lib/campaigns/report'
import { formatUsPhone } from '../../../web/lib/phone'
import { ProviderPauses } from './DisputesView'

/**
 * The Calls tool's Providers view: per provider and month (in Site settings' time zone) the calls routed to
 * it, answered, missed and payable, and what it owes — the figures `npm run calls:statement` prints — and
 * the missed-call texts Twilio did not take.
 */
const money = (amount: number) => amount.toFixed(2)

function Rows({ label, head, rows }: { label: string; head: string[]; rows: string[][] }) {
  const cell = (index: number, length: number) => ({ textAlign: index === 0 ? ('left' as const) : ('right' as const), padding: '6px 12px 6px 0', borderBottom: '1px solid var(--card-border-color)', whiteSpace: length > 0 ? ('nowrap' as const) : undefined })
  return (
    <Box style={{ overflowX: 'auto' }}>
      <table aria-label={label} style={{ borderCollapse: 'collapse', width: '100%' }}>
        <thead>
          <tr>
            {head.map((name, index) => (
              <th key={name} style={cell(index, head.length)}>
                <Text size={1} weight="semibold">
                  {name}
                </Text>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, rowIndex) => (
            <tr key={rowIndex}>
              {row.map((value, index) => (
                <td key={index} style={cell(index, row.length)}>
                  <Text size={1}>{value}</Text>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </Box>
  )
}

export function ProvidersView({ report, currency, token }: { report: CallsReport; currency?: string; token?: string }) {
  const months = report.providerMonths ?? []
  const failed = report.failedTexts ?? []
  const byMonth = [...new Set(months.map((row) => row.month))]
  return (
    <Stack gap={5}>
      <ProviderPauses token={token} />
      {byMonth.length === 0 ? <Text muted>No call has been routed to a provider yet. Turn routing on in Site settings → Call tracking, and add providers.</Text> : null}
      {byMonth.map((month) => {
        const rows = months.filter((row) => row.month === month)
        const owed = rows.reduce((sum, row) => sum + Math.round(row.owed * 100), 0) / 100
        return (
          <Stack gap={3} key={month}>
            <Heading as="h2" size={1}>
              {new Date(`${month}-15T12:00:00Z`).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })}
            </Heading>
            <Rows
              label={`Providers in ${month}`}
              head={['Provider', 'Routed', 'Answered', 'Missed', 'Payable', `Owed${currency ? ` (${currency})` : ''}`]}
              rows={[...rows.map((row) => [row.name || row.id, String(row.routed), String(row.answered), String(row.missed), String(row.payable), money(row.owed)]), ['Total', '', '', '', String(rows.reduce((sum, row) => sum + row.payable, 0)), money(owed)]]}
            />
          </Stack>
        )
      })}
      <Text muted size={1}>
        A call is payable to the provider who answered it when the talk lasted at least the provider’s “Paid after” seconds, it was judged a lead or a booked job, it did not come over the provider’s cap, and the same caller made no paid call to that provider within its “Same caller again” days. Each row agrees with the month’s printed statement, which lists every call with the reason it is or is not payable.
      </Text>
      {failed.length > 0 ? (
        <Card padding={4} radius={2} border tone="caution">
          <Stack gap={3}>
            <Heading as="h2" size={1}>
              Texts to missed callers that did not go out
            </Heading>
            <Rows label="Texts that did not go out" head={['When', 'Caller', 'Why']} rows={failed.map((text) => [new Date(text.at).toLocaleString('en-US'), text.caller ? formatUsPhone(text.caller) : '(no longer kept)', text.error])} />
          </Stack>
        </Card>
      ) : null}
    </Stack>
  )
}
