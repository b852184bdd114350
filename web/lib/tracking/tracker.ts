/**
 * The call tracker: one small inline script at the top of every page's body, so it runs before any
 * call link exists and a tap in the first second counts — it does not wait for React (hydration
 * comes after the first paint, see web/server/scriptsAfterPaint.ts). It is static text, so the
 * front's hash policy allows it like Next's own inline scripts.
 *
 * It reads its settings from <script id="call-tracking" type="application/json"> (Site settings →
 * Tracking, web/lib/tracking/settings.ts) and the page's ad context from data-call-* attributes on
 * <main>, then:
 * - keeps gclid/gbraid/wbraid/msclkid from the landing address in a first-party cookie for 90 days
 *   (set here, in the browser, so the cached page stays cacheable);
 * - sets Consent Mode v2 defaults before any tag: granted, except that Global Privacy Control or the
 *   footer's "Your Privacy Choices" opt-out (a cookie) deny ad storage, ad user data and ad
 *   personalization, with restricted data processing;
 * - a tap on a call button inside a <main data-call-toast-only> (a page whose "Message when a call button
 *   is tapped" is set: the spec's simple landing page) only raises the `call-click` DOM event for the
 *   page's message: no dialer, no beacon, no conversion;
 * - on every other tap on a tel: link (capture phase, never preventing the dialer): one beacon to the
 *   site's own call log (/api/calls: page, source, keyword, location, variant, experiment and arm,
 *   the tracking number shown (data-call-number), whether a click ID was kept — nothing else), one
 *   conversion (gtag's `conversion` event with beacon transport, or a GTM `call_click` event, both
 *   carrying the same context, the number as `tracking_number`), and the `call-click` dataLayer event and DOM event for anything else;
 * - on a page with a running A/B test, once it has loaded: one "kept its version" beacon ({seen, page}),
 *   which the server counts only from the visitor's own version cookie (a client that drops cookies, or a
 *   bot, never counts as a visitor);
 * - with a number pool (Site settings → Call tracking, `pool` in the settings): an ad visit (a click ID or utm
 *   values on the landing address, or a lease already held this session) asks /api/voice/lease for a pool
 *   number once the page has loaded, keeps it in sessionStorage, extends it every 5 minutes while the page
 *   is visible, and writes it into every tel: link and shown number (.phone-slot, a fixed-width slot: nothing
 *   moves), also in content React renders later; without an answer the page keeps its number;
 * - loads the Google tag only when one is configured, after the page has loaded and the browser is
 *   idle, so it never delays the first paint.
 */
/**
 * The number-pool part (dynamic number insertion): only pages of a site with a pool carry it, so every other
 * page's first flight stays small.
 */
const POOL_PART = `if(c.pool){
var LK='lpe_lease',L=null,camp=q.get('utm_campaign')||'',src=q.get('utm_source')||'';
try{L=JSON.parse(sessionStorage.getItem(LK)||'null')}catch(e){}
function fmt(p){var m=/^\\+1(\\d{3})(\\d{3})(\\d{4})$/.exec(p);return m?'('+m[1]+') '+m[2]+'-'+m[3]:p}
function show(p){var ls=d.querySelectorAll('a[href^="tel:"]'),ss=d.querySelectorAll('.phone-slot>span'),f=fmt(p),m=d.getElementById('main'),i;
for(i=0;i<ls.length;i++)if(ls[i].getAttribute('href')!=='tel:'+p)ls[i].setAttribute('href','tel:'+p);
for(i=0;i<ss.length;i++)if(ss[i].textContent!==f)ss[i].textContent=f;
if(m&&m.getAttribute('data-call-number')!==p)m.setAttribute('data-call-number',p)}
function when(f){if(d.readyState==='loading')d.addEventListener('DOMContentLoaded',f);else f()}
function drop(){L=null;try{sessionStorage.removeItem(LK)}catch(e){}}
function lease(){var x=context();fetch('/api/voice/lease',{method:'POST',credentials:'same-origin',headers:{'content-type':'application/json'},body:JSON.stringify({page:location.pathname,variantKey:x.variantKey,campaign:L?L.campaign:camp,source:L?L.source:src,lease:L?L.id:''})}).then(function(r){return r.json()}).then(function(j){
if(j&&j.number){L={id:j.lease,number:j.number,exp:j.expiresAt,campaign:L?L.campaign:camp,source:L?L.source:src};try{sessionStorage.setItem(LK,JSON.stringify(L))}catch(e){}when(function(){show(L.number)})}else if(L)drop()}).catch(function(){})}
if(L&&!(L.exp>Date.now()))drop();
if(L)when(function(){show(L.number)});
if(L||any||camp||src){if(d.readyState==='complete')lease();else w.addEventListener('load',lease)}
setInterval(function(){if(L&&!d.hidden)lease()},300000);
if(w.MutationObserver)new MutationObserver(function(){if(L)show(L.number)}).observe(d.documentElement,{childList:true,subtree:true});
}
`

function trackerScript(pool: string): string {
  return `(function(){
var d=document,w=window,n=navigator,c={};
try{c=JSON.parse(d.getElementById('call-tracking').textContent)||{}}catch(e){}
var CLICK='lpe_click',OPTOUT='lpe_optout',YEAR=31536000;
function get(k){var m=d.cookie.match(new RegExp('(?:^|; )'+k+'=([^;]*)'));return m?decodeURIComponent(m[1]):''}
function put(k,v,s){d.cookie=k+'='+encodeURIComponent(v)+'; Max-Age='+s+'; Path=/; SameSite=Lax; Secure'}
var q=new URLSearchParams(location.search),ids={},any=false;
['gclid','gbraid','wbraid','msclkid'].forEach(function(k){var v=q.get(k);if(v&&/^[A-Za-z0-9_.-]{1,200}$/.test(v)){ids[k]=v;any=true}});
if(any){ids.at=Date.now();put(CLICK,JSON.stringify(ids),7776000)}
function kept(){try{return JSON.parse(get(CLICK)||'{}')}catch(e){return{}}}
w.dataLayer=w.dataLayer||[];
function gtag(){w.dataLayer.push(arguments)}
w.gtag=w.gtag||gtag;
var out=n.globalPrivacyControl===true||get(OPTOUT)==='1',state=out?'denied':'granted';
gtag('consent','default',{ad_storage:state,ad_user_data:state,ad_personalization:state,analytics_storage:'granted'});
if(out)gtag('set',{restricted_data_processing:true});
function optOut(){put(OPTOUT,'1',YEAR);gtag('consent','update',{ad_storage:'denied',ad_user_data:'denied',ad_personalization:'denied'});gtag('set',{restricted_data_processing:true})}
function context(){var m=d.getElementById('main'),a=function(k){return m&&m.getAttribute('data-call-'+k)||''};return{keyword:a('keyword'),location:a('location'),variant:a('variant'),variantKey:a('variant-key'),experiment:a('experiment'),arm:a('arm'),number:a('number')}}
d.addEventListener('click',function(e){
var t=e.target,p=t&&t.closest&&t.closest('a[data-privacy-choices]');
if(p){e.preventDefault();optOut();p.textContent=p.getAttribute('data-done')||p.textContent;p.removeAttribute('href');return}
var l=t&&t.closest&&t.closest('a[href^="tel:"]');if(!l)return;
if(l.closest('main[data-call-toast-only]')){e.preventDefault();w.dispatchEvent(new CustomEvent('call-click',{detail:{source:l.getAttribute('data-call-source')||'unknown',path:location.pathname,toastOnly:true}}));return}
var x=context(),k=kept(),source=l.getAttribute('data-call-source')||'unknown',path=location.pathname;
var tap={page:path,source:source,keyword:x.keyword,location:x.location,variant:x.variant,variantKey:x.variantKey,experiment:x.experiment,arm:x.arm,number:x.number,clickId:!!(k.gclid||k.gbraid||k.wbraid||k.msclkid)};
beacon(tap);
var detail={page_path:path,call_source:source,keyword:x.keyword,location:x.location,variant:x.variant,experiment:x.experiment,arm:x.arm,tracking_number:x.number,gclid:k.gclid,gbraid:k.gbraid,wbraid:k.wbraid};
if(c.gtm){w.dataLayer.push(Object.assign({event:'call_click'},detail))}
else if(c.ads&&c.label){gtag('event','conversion',Object.assign({send_to:c.ads+'/'+c.label,transport_type:'beacon'},detail))}
w.dataLayer.push({event:'call-click',source:source,path:path});
w.dispatchEvent(new CustomEvent('call-click',{detail:{source:source,path:path}}));
},true);
function beacon(body){try{n.sendBeacon&&n.sendBeacon('/api/calls',new Blob([JSON.stringify(body)],{type:'application/json'}))}catch(e){}}
function seen(){var m=d.getElementById('main');if(m&&m.getAttribute('data-call-experiment'))beacon({seen:true,page:location.pathname})}
if(d.readyState==='complete')seen();else w.addEventListener('load',seen);
${pool}if(!c.origin||!(c.ads||c.ga||c.gtm))return;
if(c.gtm){w.dataLayer.push({'gtm.start':Date.now(),event:'gtm.js'})}
else{gtag('js',new Date());if(c.ads)gtag('config',c.ads);if(c.ga)gtag('config',c.ga);if(c.forwardingLabel&&c.shownPhone)gtag('config',c.ads+'/'+c.forwardingLabel,{phone_conversion_number:c.shownPhone})}
function load(){var s=d.createElement('script');s.async=true;s.src=c.origin+(c.gtm?'/gtm.js?id='+encodeURIComponent(c.gtm):'/gtag/js?id='+encodeURIComponent(c.ads||c.ga));d.head.appendChild(s)}
function later(){(w.requestIdleCallback||function(f){setTimeout(f,1)})(load,{timeout:2000})}
if(d.readyState==='complete')later();else w.addEventListener('load',later);
})()`
}

export const CALL_TRACKER_SCRIPT = trackerScript('')
export const CALL_TRACKER_SCRIPT_WITH_POOL = trackerScript(POOL_PART)
