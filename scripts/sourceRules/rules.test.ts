import { describe, expect, it } from 'vitest'
import { commentsOf, findingsOf, MAX_LINES, readmeFindings } from './rules'

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
