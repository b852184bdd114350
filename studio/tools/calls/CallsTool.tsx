import { Box, Button, Card, Container, Flex, Heading, Spinner, Stack, Text } from '@sanity/ui'
import { useCallback, useEffect, useState, type ReactNode } from 'react'
import { useClient } from 'sanity'
import type { ArmReport, CallsReport, ExperimentReport } from '../../../web/lib/campaigns/report'
import { formatUsPhone } from '../../../web/lib/phone'
import { studioEnv } from '../../env'
import { CallsView } from './CallsView'
import { listedTests, PAGE_TESTS_QUERY, type PageTest } from './listedTests'
import { ProvidersView } from './ProvidersView'
import { DisputesView } from './DisputesView'
import { Alarms } from './Alarms'

/**
 * The Studio's "Calls" tool: taps on call buttons from the site's own call log (last 30 days), per
 * day × page × keyword × arm × number, and for each A/B test the visitors, converting visitors and taps
 * per version with a plain-language verdict and the split check. It reads /api/calls/report on the
 * site (the same report as `npm run calls:report -- --json`) with the editor's own Sanity token, which
 * the site checks with Sanity (users/me); the answer holds counts only. Which tests have ended, and which
 * version became the page, it reads from the published pages.
 */
type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; report: CallsReport; pages: PageTest[] }

/** The report's address: the site serving this Studio (the Studio is embedded at /studio). */
const REPORT_PATH = '/api/calls/report'

function Table({ head, rows, label }: { head: string[]; rows: ReactNode[][]; label: string }) {
  return (
    <Box style={{ overflowX: 'auto' }}>
      <table aria-label={label} style={{ borderCollapse: 'collapse', width: '100%' }}>
        <thead>
          <tr>
            {head.map((cell, index) => (
              <th
                key={cell}
                style={{
                  textAlign: index === head.length - 1 ? 'right' : 'left',
                  padding: '6px 12px 6px 0',
                  borderBottom: '1px solid var(--card-border-color)',
                }}
              >
                <Text size={1} weight="semibold">
                  {cell}
                </Text>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, rowIndex) => (
            <tr key={rowIndex}>
              {row.map((cell, index) => (
                <td
                  key={index}
                  style={{
                    textAlign: index === row.length - 1 ? 'right' : 'left',
                    padding: '6px 12px 6px 0',
                    borderBottom: '1px solid var(--card-border-color)',
                  }}
                >
                  <Text size={1}>{cell}</Text>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </Box>
  )
}

/** Asks the site for the report with the editor's Sanity token; with it, the pages' tests (which of them have ended). */
async function fetchReport(token: string | undefined, pages: Promise<PageTest[]>): Promise<Load> {
  if (!token) {
    return {
      state: 'error',
      message: 'This Studio’s sign-in cannot be shown to the site, so the site cannot tell it is you. Sign out and in again (with a token) to see calls.',
    }
  }
  try {
    const response = await fetch(REPORT_PATH, { headers: { authorization: `Bearer ${token}` }, cache: 'no-store' })
    const body = (await response.json().catch(() => ({}))) as CallsReport & { message?: string }
    return response.ok ? { state: 'ready', report: body, pages: await pages } : { state: 'error', message: body.message ?? `The site answered ${response.status}.` }
  } catch {
    return { state: 'error', message: 'The site did not answer. Is it running?' }
  }
}

export function CallsTool() {
  const client = useClient({ apiVersion: studioEnv.apiVersion })
  const [load, setLoad] = useState<Load>({ state: 'loading' })
  const [version, setVersion] = useState(0)
  const [view, setView] = useState<'summary' | 'calls' | 'providers' | 'disputes'>('summary')

  useEffect(() => {
    let current = true
    // The editor's login token (the local Content Lake signs its editor in the same way).
    const token = client.config().token
    // Without the pages every test is listed as running: its numbers are shown all the same.
    const pages = client.fetch<PageTest[]>(PAGE_TESTS_QUERY, {}, { perspective: 'published' }).catch(() => [])
    void fetchReport(token, pages).then((result) => {
      if (current) setLoad(result)
    })
    return () => {
      current = false
    }
  }, [client, version])

  const refresh = useCallback(() => {
    setLoad({ state: 'loading' })
    setVersion((value) => value + 1)
  }, [])

  return (
    <Card height="fill" overflow="auto" tone="default">
      <Container width={4} padding={4}>
        <Stack gap={5}>
          <Flex align="center" gap={3}>
            <Box flex={1}>
              <Heading as="h1" size={3}>
                Calls
              </Heading>
            </Box>
            <Button text="Summary" aria-pressed={view === 'summary'} mode={view === 'summary' ? 'default' : 'ghost'} onClick={() => setView('summary')} />
            <Button text="Calls" aria-pressed={view === 'calls'} mode={view === 'calls' ? 'default' : 'ghost'} onClick={() => setView('calls')} />
            <Button text="Providers" aria-pressed={view === 'providers'} mode={view === 'providers' ? 'default' : 'ghost'} onClick={() => setView('providers')} />
            <Button text="Disputes" aria-pressed={view === 'disputes'} mode={view === 'disputes' ? 'default' : 'ghost'} onClick={() => setView('disputes')} />
            <Button text="Refresh" mode="ghost" onClick={refresh} disabled={load.state === 'loading'} />
          </Flex>
          {load.state === 'loading' ? (
            <Flex justify="center" padding={5}>
              <Spinner muted />
            </Flex>
          ) : null}
          {load.state === 'error' ? (
            <Card padding={4} radius={2} tone="critical" border>
              <Text>{load.message}</Text>
            </Card>
          ) : null}
          {load.state === 'ready' ? <Alarms alarms={load.report.alarms ?? []} /> : null}
          {load.state === 'ready' && view === 'summary' ? <Report report={load.report} pages={load.pages} /> : null}
          {load.state === 'ready' && view === 'calls' ? <CallsView report={load.report} token={client.config().token} onChanged={refresh} /> : null}
          {load.state === 'ready' && view === 'providers' ? <ProvidersView report={load.report} token={client.config().token} /> : null}
          {view === 'disputes' ? <DisputesView token={client.config().token} /> : null}
        </Stack>
      </Container>
    </Card>
  )
}

function rateWithInterval(arm: ArmReport): string {
  if (arm.rate === null || arm.interval === null) return '–'
  return `${(100 * arm.rate).toFixed(1)} % (${(100 * arm.interval.low).toFixed(1)}–${(100 * arm.interval.high).toFixed(1)} %)`
}

function Experiment({ experiment, ended }: { experiment: ExperimentReport; ended: string | null }) {
  const { verdict } = experiment
  const alarms = experiment.alarms ?? []
  const tone = verdict.srm.fired || alarms.length > 0 ? 'critical' : verdict.conclusive ? 'positive' : 'default'
  return (
    <Card padding={4} radius={2} border tone={tone}>
      <Stack gap={4}>
        <Heading as="h3" size={0}>
          {experiment.experiment}
        </Heading>
        {ended ? <Text weight="semibold">{ended}.</Text> : null}
        <Text muted size={1}>
          {experiment.firstDay ? `Visitors counted ${experiment.firstDay} to ${experiment.lastDay}. ` : ''}
          {experiment.botsExcluded === 1 ? '1 automated visit' : `${experiment.botsExcluded.toLocaleString('en-US')} automated visits`} (search engines and other programs) left out of the counts.
        </Text>
        <Table
          label={`Versions of ${experiment.experiment}`}
          head={['Version', 'Weight', 'Visitors', 'Converting visitors', 'Rate (95 % interval)', 'Qualified calls', 'Taps']}
          rows={experiment.arms.map((arm) => [
            arm.arm,
            arm.weight === null ? '–' : String(arm.weight),
            arm.visitors.toLocaleString('en-US'),
            arm.converters.toLocaleString('en-US'),
            rateWithInterval(arm),
            (arm.qualifiedCalls ?? 0).toLocaleString('en-US'),
            arm.taps.toLocaleString('en-US'),
          ])}
        />
        {experiment.callVerdict ? (
          <Text weight="semibold" role={verdict.srm.fired ? 'alert' : undefined}>
            By calls ({experiment.arms.map((arm) => `${arm.arm}: ${arm.callConverters ?? 0} of ${arm.poolVisitors ?? 0} visitors shown a pool number`).join('; ')}): {experiment.callVerdict.text}
          </Text>
        ) : null}
        <Text weight={experiment.callVerdict ? undefined : 'semibold'} muted={Boolean(experiment.callVerdict)} role={!experiment.callVerdict && verdict.srm.fired ? 'alert' : undefined}>
          {experiment.callVerdict ? `Taps (not verified): ${(experiment.tapVerdict ?? verdict).text}` : verdict.text}
        </Text>
        {alarms.map((alarm) => (
          <Text key={alarm} weight="semibold" role="alert">
            {alarm}
          </Text>
        ))}
      </Stack>
    </Card>
  )
}

/** Call tracking: calls per day (answered, missed, qualified) by page, campaign, keyword and version, the missed calls to call back, and the pool's busiest moment. */
function Calls({ report }: { report: CallsReport }) {
  const callDays = report.callDays ?? []
  const missed = report.missedCalls ?? []
  const pool = report.pool ?? { days: [], peak: 0, overflow: 0, refused: 0 }
  if (callDays.length === 0 && missed.length === 0) return null
  return (
    <Stack gap={4}>
      <Heading as="h2" size={1}>
        Calls per day
      </Heading>
      <Table
        label="Calls per day, page, campaign, keyword and version"
        head={['Day', 'Page', 'Campaign', 'Keyword', 'Version', 'Answered', 'Missed', 'Qualified']}
        rows={callDays.map((row) => [
          row.day,
          row.page || '(no visit)',
          row.campaign || '–',
          row.keyword || '–',
          row.version ? `${row.experiment}: ${row.version}` : '–',
          String(row.answered),
          String(row.missed),
          String(row.qualified),
        ])}
      />
      {pool.days.length > 0 ? (
        <Text muted size={1}>
          Number pool: at the busiest moment {pool.peak} ad visits wanted a number at once; {pool.overflow} found the pool full and kept the campaign’s or the default number. {pool.refused ?? 0} asks did not come from a visit the site answered as an ad visit, or came from a network already holding its share: turned away, and not a sign you need more numbers.
          {pool.unkept ? ` When the pool was full, up to ${pool.unkept} of its numbers were held by pages that had stopped showing them (no page asked to keep them for over 6 minutes): that is pressure from visits that left or from someone holding numbers, not a reason to buy more.` : ''}
        </Text>
      ) : null}
      <Heading as="h2" size={1}>
        Missed calls
      </Heading>
      {missed.length === 0 ? (
        <Text muted>No missed calls.</Text>
      ) : (
        <Table
          label="Missed calls to call back"
          head={['When', 'Caller', 'Number called', 'Outcome']}
          rows={missed.map((call) => [new Date(call.at).toLocaleString('en-US'), call.caller ? formatUsPhone(call.caller) : '(no longer kept)', formatUsPhone(call.number), call.reason || (call.status === 'busy' ? 'Busy' : 'No answer')])}
        />
      )}
    </Stack>
  )
}

function Report({ report, pages }: { report: CallsReport; pages: PageTest[] }) {
  return (
    <Stack gap={5}>
      <Calls report={report} />
      <Text muted size={1}>
        Taps on call buttons since {report.since}, from the site’s own call log. A visitor counts for a version once it shows it
        kept the version (the browser came back to the site still showing it), never an automated visit; a converting visitor tapped to call at
        least once. A winner is named only when the difference is too large to be chance, and that stays true however often you look.
      </Text>
      <Stack gap={4}>
        <Heading as="h2" size={1}>
          A/B tests
        </Heading>
        {report.experiments.length === 0 ? <Text muted>No visitors of an A/B test counted yet.</Text> : null}
        {listedTests(report.experiments, pages).map(({ test, ended }) => (
          <Experiment key={test.experiment} experiment={test} ended={ended} />
        ))}
      </Stack>
      <Stack gap={4}>
        <Heading as="h2" size={1}>
          Taps per day
        </Heading>
        {report.days.length === 0 ? (
          <Text muted>No taps in this period.</Text>
        ) : (
          <Table
            label="Taps per day, page, keyword, arm and number"
            head={['Day', 'Page', 'Keyword', 'Version', 'Number', 'Taps']}
            rows={report.days.map((row) => [
              row.day,
              row.page || '(not a page of the site)',
              row.keyword || '–',
              row.arm ? `${row.experiment}: ${row.arm}` : '–',
              row.number ? formatUsPhone(row.number) : 'Default',
              row.taps.toLocaleString('en-US'),
            ])}
          />
        )}
        {report.daysLeftOut > 0 ? (
          <Text muted size={1}>
            {report.daysLeftOut === 1 ? '1 smaller group' : `${report.daysLeftOut} smaller groups`} not shown.
          </Text>
        ) : null}
      </Stack>
    </Stack>
  )
}
