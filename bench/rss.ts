import { execFileSync } from 'node:child_process'

/** Resident memory of a process and its children (next start forks its server), the largest one, in MiB. */
export function rssMiB(pid: number | undefined): number {
  if (!pid) return NaN
  const rows = execFileSync('ps', ['-o', 'pid=,ppid=,rss=', '-e'], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number, number])
  const family = new Set([pid])
  for (let grew = true; grew; ) {
    grew = false
    for (const [child, parent] of rows) {
      if (family.has(parent) && !family.has(child)) {
        family.add(child)
        grew = true
      }
    }
  }
  return Math.max(...rows.filter(([id]) => family.has(id)).map(([, , rss]) => rss)) / 1024
}
