import { describe, expect, it } from 'vitest'
import { commentsOf, envReadsOf, findingsOf, MAX_LINES, readmeFindings } from './rules'

describe('comments naming an issue number', () => {
  it('finds them in line, block, trailing and JSX comments, on the line where the number is', () => {
    const text = [
      '// see (issue 28.4)',
      "const a = '#28 issue 5'",
      '/* one',
      '   fixed in #28 */',
      'export const B = () => <div>{/* PR 12 */}<span>issue 9 #7 // issue 3</span></div>',
      'const c = a // trailing issue #60',
      'call(/* issue 2 */)',
    ].join('\n')
    expect(findingsOf('web/x.tsx', text)).toEqual([
      'line 1: a comment names an issue number ("issue 28")',
      'line 4: a comment names an issue number ("#28")',
      'line 5: a comment names an issue number ("PR 12")',
      'line 6: a comment names an issue number ("issue #60")',
      'line 7: a comment names an issue number ("issue 2")',
    ])
  })

  it('leaves strings, JSX text, colours and words that only contain the letters alone', () => {
    const text = "const colour = '#111827' // the ink colour, #111827 as a hex code is no issue\nconst t = <p>issue 4</p> // express 10 routes\n"
    expect(findingsOf('web/y.tsx', text)).toEqual([])
  })

  it('reads CSS comments, and checks comments only in web/, studio/ and scripts/', () => {
    expect(findingsOf('web/app/site.css', '.a { color: #111827; }\n/* issue 25 */\n')).toEqual(['line 2: a comment names an issue number ("issue 25")'])
    expect(findingsOf('bench/x.ts', '// issue 25\n')).toEqual([])
    expect(commentsOf('scripts/x.mjs', "const s = '// not a comment'\n// a comment\n").map((comment) => comment.text)).toEqual(['// a comment'])
  })
})

describe('files over 300 lines', () => {
  const long = 'const x = 1\n'.repeat(MAX_LINES + 1)
  it('counts hand-written source, not tests or generated files', () => {
    expect(findingsOf('web/lib/long.ts', long)).toEqual([`${MAX_LINES + 1} lines (at most ${MAX_LINES})`])
    expect(findingsOf('web/lib/long.ts', 'const x = 1\n'.repeat(MAX_LINES))).toEqual([])
    expect(findingsOf('web/lib/long.test.ts', long)).toEqual([])
    expect(findingsOf('tests/support/long.ts', long)).toEqual([])
    expect(findingsOf('web/sanity.types.ts', long)).toEqual([])
    expect(findingsOf('web/lib/table.generated.ts', long)).toEqual([])
  })
})

describe('the README rule', () => {
  it('wants at most 150 lines and a link to every docs/ file', () => {
    const readme = '# Site\n\n- [Serving](docs/serving.md)\n- [Tests](./docs/testing.md#running)\n'
    expect(readmeFindings(readme, ['docs/serving.md', 'docs/testing.md'])).toEqual([])
    expect(readmeFindings(readme, ['docs/serving.md', 'docs/calls.md'])).toEqual(['docs/calls.md is not linked: add a line for it to the README\'s documentation list'])
    expect(readmeFindings('line\n'.repeat(151), [])).toEqual(['151 lines (at most 150): move a topic to docs/'])
  })
})

describe('named environment variables outside the configuration modules', () => {
  it('finds process.env.X, process.env["X"], import.meta.env.X, destructuring, and a configured variable read off any object', () => {
    const text = [
      "const port = process.env.PORT || 3000",
      "const token = process.env['TWILIO_AUTH_TOKEN']",
      'const { SANITY_LAKE_DATA, NODE_ENV } = process.env',
      'const host = import.meta.env.SANITY_API_HOST',
      'export const secret = (env: Record<string, string>) => env.SITE_SECRET',
    ].join('\n')
    expect(envReadsOf('scripts/x.ts', text)).toEqual([
      'line 1: reads PORT from the environment: read it through web/lib/config (studio/env.ts for the Studio)',
      'line 2: reads TWILIO_AUTH_TOKEN from the environment: read it through web/lib/config (studio/env.ts for the Studio)',
      'line 3: reads SANITY_LAKE_DATA from the environment: read it through web/lib/config (studio/env.ts for the Studio)',
      'line 4: reads SANITY_API_HOST from the environment: read it through web/lib/config (studio/env.ts for the Studio)',
      'line 5: reads SITE_SECRET from an environment object: read it through web/lib/config (studio/env.ts for the Studio)',
    ])
    expect(findingsOf('web/lib/x.ts', text)).toHaveLength(5)
  })

  it('leaves the framework’s own variables, writes, the whole environment passed on, the configuration modules and tests alone', () => {
    const text = [
      "if (process.env.NODE_ENV !== 'production' || process.env.NEXT_RUNTIME === 'edge' || process.env.NEXT_PHASE) {}",
      "process.env.SITE_SECRET = 'x'",
      'const config = readConfig(process.env)',
      "spawn('node', [], { env: { ...process.env, PORT: '3000' } })",
    ].join('\n')
    expect(envReadsOf('web/server/x.ts', text)).toEqual([])
    const reading = 'const port = process.env.PORT\n'
    expect(envReadsOf('web/lib/config.ts', reading)).toEqual([])
    expect(envReadsOf('web/lib/config/env.ts', reading)).toEqual([])
    expect(envReadsOf('studio/env.ts', reading)).toEqual([])
    expect(envReadsOf('web/lib/x.test.ts', reading)).toEqual([])
    expect(envReadsOf('tests/e2e/x.ts', reading)).toEqual([])
    expect(envReadsOf('bench/x.ts', reading)).toEqual([])
  })
})
