import path from 'node:path'
import type { Reporter, TestModule } from 'vitest/node'

/**
 * Reporter: after every run, the ten slowest test files (loading and running each, hooks included), each with
 * the seconds into the run at which it started and ended, so where the suite's time goes, and what ran beside
 * what, is in every log.
 */
export default class SlowestFiles implements Reporter {
  private readonly runStarted = Date.now()
  private readonly startedAt = new Map<string, number>()
  private readonly endedAt = new Map<string, number>()

  onTestModuleQueued(testModule: TestModule): void {
    this.startedAt.set(testModule.moduleId, Date.now())
  }

  onTestModuleEnd(testModule: TestModule): void {
    this.endedAt.set(testModule.moduleId, Date.now())
  }

  onTestRunEnd(testModules: readonly TestModule[]): void {
    const into = (at: number | undefined) => (at === undefined ? '     ?' : ((at - this.runStarted) / 1000).toFixed(0).padStart(6))
    const rows = testModules
      .map((testModule) => {
        const diagnostic = testModule.diagnostic()
        return {
          file: path.relative(process.cwd(), testModule.moduleId),
          seconds: (diagnostic.collectDuration + diagnostic.duration) / 1000,
          span: `${into(this.startedAt.get(testModule.moduleId))} s → ${into(this.endedAt.get(testModule.moduleId))} s`,
        }
      })
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, Number(process.env.SLOWEST_ROWS || 10))
    if (rows.length === 0) return
    console.log(
      `\nThe ${rows.length} slowest files (seconds; from → to, seconds into the run):\n${rows
        .map(({ file, seconds, span }) => `  ${seconds.toFixed(1).padStart(6)} s  ${span}  ${file}`)
        .join('\n')}`,
    )
  }
}
