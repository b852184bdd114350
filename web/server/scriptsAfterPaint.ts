/**
 * Starts Next's client scripts after the page has painted instead of as soon as they arrive. Next
 * writes them as `<script async>` in the head; on a fast connection they download before the page
 * has painted and run first, so a phone shows the page only after ~150 KB of framework JavaScript
 * has been evaluated. Every word, link and call button works without JavaScript, so the page is
 * painted first and the scripts, still async and in any order as before, are added afterwards.
 *
 * "Afterwards" is: the browser has reported the first contentful paint, the whole document
 * has been parsed, and one more frame has gone by, so the rest of a long page has painted too. One frame
 * after the start was not enough: on a long page the first frame came before anything painted, the
 * scripts were requested before the largest paint, and Lighthouse's simulated LCP (which counts every
 * request started before the largest paint) waited for 150 KB of JavaScript: 1.0–1.7 s instead of ~0.8 s.
 * A browser without paint timing gets the old rule (one frame after the start). Next's preload of its
 * main chunk goes too: it fetched the same script in the first round trips, beside the CSS.
 *
 * On a page that marks its `<main>` `data-scripts-wait` (nothing on it needs the framework before the visitor acts),
 * the scripts wait further, for the visitor's first touch, key, wheel, focus or mouse move: a phone that only reads the
 * page and taps the call button (a `tel:` link the inline tracker counts) never spends its main thread on ~150 KB of
 * framework start-up, and a tap is not queued behind it. An element marked `data-scripts-early` (a photo that may need
 * its fallback, today's hours, the bar that appears on scroll) keeps the page on the first rule.
 */
const ASYNC_SCRIPT = /<script src="(\/_next\/static\/[A-Za-z0-9/_.-]+\.js)" async=""><\/script>/g
const SCRIPT_PRELOAD = /<link rel="preload" as="script" fetchPriority="low" href="(\/_next\/static\/[A-Za-z0-9/_.-]+\.js)"\/>/g

export function scriptsAfterFirstPaint(html: string): string {
  const sources: string[] = []
  const withoutScripts = html.replace(ASYNC_SCRIPT, (_, source: string) => {
    sources.push(source)
    return ''
  })
  const headEnd = withoutScripts.indexOf('</head>')
  if (sources.length === 0 || headEnd === -1) return html
  const head = withoutScripts.slice(0, headEnd).replace(SCRIPT_PRELOAD, (preload, source: string) => (sources.includes(source) ? '' : preload))
  const loader =
    '<script>(function(){var d=document,w=window,p=0,r=0,u=0,P=w.PerformanceObserver,E="pointerdown keydown wheel focusin mousemove".split(" ");' +
    'function on(){u=1;go()}E.forEach(function(e){w.addEventListener(e,on,{capture:true,passive:true})});' +
    'function go(){if(!p||!r||!u&&d.querySelector("main[data-scripts-wait]")&&!d.querySelector("[data-scripts-early]"))return;go=function(){};' +
    'E.forEach(function(e){w.removeEventListener(e,on,true)});requestAnimationFrame(function(){setTimeout(function(){' +
    `${JSON.stringify(sources)}.forEach(function(s){var e=d.createElement("script");e.src=s;e.async=true;d.head.appendChild(e)})` +
    '})})}' +
    'if(P&&(P.supportedEntryTypes||[]).indexOf("paint")>=0)new P(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();p=1;go()}}).observe({type:"paint",buffered:true});else p=1;' +
    'if(d.readyState=="loading")d.addEventListener("DOMContentLoaded",function(){r=1;go()});else r=1;go()' +
    '})()</script>'
  return head + loader + withoutScripts.slice(headEnd)
}
