/**
 * Starts Next's client scripts after the first paint instead of as soon as they arrive. Next
 * writes them as `<script async>` in the head; on a fast connection they download before the page
 * has painted and run first, so a phone shows the page only after ~150 KB of framework JavaScript
 * has been evaluated. Every word, link and call button works without JavaScript, so the page is
 * painted first and the scripts, still async and in any order as before, are added one frame later.
 */
const ASYNC_SCRIPT = /<script src="(\/_next\/static\/[A-Za-z0-9/_.-]+\.js)" async=""><\/script>/g

export function scriptsAfterFirstPaint(html: string): string {
  const sources: string[] = []
  const withoutScripts = html.replace(ASYNC_SCRIPT, (_, source: string) => {
    sources.push(source)
    return ''
  })
  const headEnd = withoutScripts.indexOf('</head>')
  if (sources.length === 0 || headEnd === -1) return html
  const loader =
    '<script>requestAnimationFrame(function(){setTimeout(function(){' +
    `${JSON.stringify(sources)}.forEach(function(s){var e=document.createElement("script");e.src=s;e.async=true;document.head.appendChild(e)})` +
    '})})</script>'
  return withoutScripts.slice(0, headEnd) + loader + withoutScripts.slice(headEnd)
}
