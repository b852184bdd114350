import { spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'

/**
 * Where a command's CPU time goes, by kind of process: `npm run bench:cpu -- npm run test:e2e`. Runs the command and
 * reads every process's CPU time from /proc once a second (Linux only), so it counts what the command starts —
 * Chromium's processes, the production servers, the Vitest workers, PostgreSQL — and prints the CPU-seconds of each
 * kind, the wall time, and how busy the machine's cores were. It reads the whole machine: run it with nothing else
 * running. No library reads a process tree's CPU by kind of
 * process, hence /proc by hand.
 */
/** /proc's clock ticks (USER_HZ), 100 a second on Linux. */
const TICKS_PER_SECOND = 100
const KINDS: [string, RegExp][] = [
  ['Chromium renderers', /chrom.*--type=renderer/],
  ['Chromium GPU (compositing)', /chrom.*--type=gpu/],
  ['Chromium utilities (network, storage)', /chrom.*--type=utility/],
  ['Chromium browser process', /chrom/],
  ['production servers (npm start)', /web\/server\/main|next-server|next\/dist\/bin\/next/],
  ['Vitest workers', /vitest.*(worker|forks|threads)|node_modules\/tinypool|vitest\/dist\/workers/],
  ['Vitest main process', /vitest/],
  ['PostgreSQL', /postgres/],
  ['nginx, Varnish, Redis', /nginx|varnish|redis/],
  ['other Node processes (the local Content Lake, scripts)', /node/],
]

function kindOf(commandLine: string): string {
  return KINDS.find(([, pattern]) => pattern.test(commandLine))?.[0] ?? 'other'
}

/** Every live process's CPU ticks (user + system) and command line. */
function processes(): Map<number, { ticks: number; command: string }> {
  const found = new Map<number, { ticks: number; command: string }>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ')
      found.set(Number(entry), { ticks: Number(fields[11]) + Number(fields[12]), command })
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return found
}

/** The machine's busy and total ticks so far (/proc/stat's first line). */
function machineTicks(): { busy: number; total: number } {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/)
  const numbers = values.map(Number)
  const total = numbers.slice(0, 8).reduce((sum, value) => sum + value, 0)
  return { busy: total - numbers[3]! - numbers[4]!, total }
}

const command = process.argv.slice(2).filter((argument, index) => index > 0 || argument !== '--')
if (command.length === 0) {
  console.error('usage: npm run bench:cpu -- <command> [arguments]   (for example: npm run bench:cpu -- npm run test:e2e)')
  process.exit(2)
}

const byKind = new Map<string, number>()
let seen = processes()
const startedAt = Date.now()
const machineAtStart = machineTicks()
function sample() {
  const now = processes()
  for (const [pid, { ticks, command: line }] of now) {
    const before = seen.get(pid)
    // A process first seen now started since the last look: all its ticks are new.
    const spent = before && before.command === line ? ticks - before.ticks : ticks
    if (spent > 0) byKind.set(kindOf(line), (byKind.get(kindOf(line)) ?? 0) + spent)
  }
  seen = now
}
// Processes already running count from their ticks at the start (the first look above).
const timer = setInterval(sample, 1000)

const child = spawn(command[0]!, command.slice(1), { stdio: 'inherit' })
child.on('exit', (code) => {
  sample()
  clearInterval(timer)
  const wall = (Date.now() - startedAt) / 1000
  const machine = machineTicks()
  const busyShare = (machine.busy - machineAtStart.busy) / (machine.total - machineAtStart.total)
  const total = [...byKind.values()].reduce((sum, ticks) => sum + ticks, 0) / TICKS_PER_SECOND
  console.log(`\nCPU by kind of process (${command.join(' ')}): ${wall.toFixed(0)} s of wall time, cores ${(busyShare * 100).toFixed(0)} % busy`)
  console.table(
    [...byKind.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([kind, ticks]) => ({ kind, 'CPU seconds': Math.round(ticks / TICKS_PER_SECOND), share: `${((ticks / TICKS_PER_SECOND / total) * 100).toFixed(0)} %` })),
  )
  process.exit(code ?? 1)
})
