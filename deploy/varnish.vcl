# Varnish in front of the site (`npm start` or `next start`), safe as it is (docs/shared-caches.md).
# tests/e2e/sharedCaches.e2e.ts runs exactly this file, with {{BACKEND_HOST}} and {{BACKEND_PORT}}
# filled in. Set VARNISH_PURGE_URLS=http://<this varnish> on the site so a publish bans what it changed.
#
# - Pages are kept by URL (and the Vary Next sends: its router headers, Accept-Encoding) for as long as the
#   site's Surrogate-Control says: until a publish sends `BAN` with the content tags it changed, matched
#   against each object's Surrogate-Key (Debian's Varnish 7.1 has no xkey module; obj.* bans are
#   evaluated by the ban lurker, so they do not pile up).
# - A request with a cookie the site reads (a kept A/B version, a kept campaign, a draft session) is
#   never answered from the cache; other cookies (analytics) are dropped from page requests so they do
#   not turn every visitor into a miss. An answer that sets a cookie or says private is never stored
#   (Varnish's built-in rules, which run after these).
vcl 4.1;

import std;

backend site {
  .host = "{{BACKEND_HOST}}";
  .port = "{{BACKEND_PORT}}";
}

# Who may send BAN: the site's instances. Add their addresses.
acl purgers {
  "127.0.0.1";
  "::1";
}

sub vcl_recv {
  if (req.method == "BAN") {
    if (client.ip !~ purgers) {
      return (synth(405, "Not allowed"));
    }
    # Keys are the site's content tags: letters, digits, '_', ':' and '-', space-separated.
    if (req.http.Surrogate-Key !~ "^[A-Za-z0-9_:-]+( [A-Za-z0-9_:-]+)*$") {
      return (synth(400, "Surrogate-Key: space-separated keys"));
    }
    ban("obj.http.Surrogate-Key ~ (^|\s)(" + regsuball(req.http.Surrogate-Key, " ", "|") + ")(\s|$)");
    return (synth(200, "Banned"));
  }
  if (req.url !~ "^/(api|studio)(/|\?|$)" && req.http.Cookie) {
    # Keep only the cookies the site reads on pages; the rest never reach it from here.
    set req.http.Cookie = ";" + req.http.Cookie;
    set req.http.Cookie = regsuball(req.http.Cookie, "; +", ";");
    set req.http.Cookie = regsuball(req.http.Cookie, ";(lpe_ab_[A-Za-z0-9-]+|lpe_src|__prerender_bypass|__next_preview_data)=", "; \1=");
    set req.http.Cookie = regsuball(req.http.Cookie, ";[^ ][^;]*", "");
    set req.http.Cookie = regsuball(req.http.Cookie, "^[; ]+|[; ]+$", "");
    if (req.http.Cookie == "") {
      unset req.http.Cookie;
    }
  }
  # Falls through to the built-in vcl_recv: a request that still has a Cookie is passed.
}

sub vcl_backend_response {
  # The site's lifetime for caches it purges; Cache-Control (short) stays for the browser and others.
  if (beresp.http.Surrogate-Control ~ "(?i)(^|,)\s*max-age=[0-9]+" && beresp.http.Surrogate-Control !~ "(?i)no-store" && !beresp.http.Set-Cookie && beresp.http.Cache-Control !~ "(?i)private|no-store") {
    set beresp.ttl = std.duration(regsub(beresp.http.Surrogate-Control, "(?i)^.*max-age=([0-9]+).*$", "\1") + "s", 0s);
    set beresp.grace = 10s;
    unset beresp.http.Surrogate-Control;
    return (deliver);
  }
  # Falls through to the built-in rules: Set-Cookie, private, no-store or no-cache are never stored.
}

sub vcl_deliver {
  # The keys are for this cache only.
  unset resp.http.Surrogate-Key;
  unset resp.http.Cache-Tag;
}
