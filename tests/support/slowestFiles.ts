import path from 'node:path'
import type { Reporter, TestModule } from 'vitest/node'

/**
 * Reporter: after every run, the ten slowest test files (loading and running each, hooks included),
 * so where the suite's time goes is in every log.
 */
export default class SlowestFiles implements Reporter {
  onTestRunEnd(testModules: readonly TestModule[]): void {
    const rows = testModules
      .map((testModule) => {
        const diagnostic = testModule.diagnostic()
        return { file: path.relative(process.cwd(), testModule.moduleId), seconds: (diagnostic.collectDuration + diagnostic.duration) / 1000 }
      })
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, 10)
    if (rows.length === 0) return
    console.log(`\nThe ${rows.length} slowest files:\n${rows.map(({ file, seconds }) => `  ${seconds.toFixed(1).padStart(6)} s  ${file}`).join('\n')}`)
  }
}
