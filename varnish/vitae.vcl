# Varnish in front of Vitae (Debian's varnish 7.1 with varnish-modules' xkey):
# /etc/varnish/vitae.vcl, docs/operations.md "A cache in front (Varnish)".
#
#   client -> TLS (nginx or hitch, PROXY protocol) -> varnishd :6081
#          -> nginx 127.0.0.1:8080 (the site's server, plain HTTP) -> vitae-fcgi
#
# Every page the worker answers carries its surrogate keys (`xkey: ...`,
# core/site/surrogate_keys.hpp) and `Surrogate-Control: max-age=N`: this cache
# may keep it that long, because `vitae-fcgi --purge http://127.0.0.1:6091/`
# soft-purges exactly the keys an edit changed, milliseconds after the commit.
# Browsers still get the worker's `Cache-Control: no-cache` and revalidate by
# ETag, which this cache answers without asking the worker.
#
# Purges are accepted only on the listener named "purge" (varnishd
# -a purge=127.0.0.1:6091) and only from the purgers ACL: behind a TLS
# front on the same host every client comes from 127.0.0.1, so an address
# check alone would let anyone purge. tests/e2e/test_varnish.py runs this file
# with only the backend's port rewritten.
vcl 4.1;

import std;
import xkey;

backend vitae {
    .host = "127.0.0.1";
    .port = "8080";
    .connect_timeout = 1s;
    .first_byte_timeout = 30s;  # nginx's fastcgi_read_timeout for a page
    # While the worker answers, a soft-purged page is fetched again before it
    # is served (req.grace 0 below); while it does not, the last copy is
    # served for up to beresp.grace.
    .probe = {
        .url = "/robots.txt";
        .interval = 2s;
        .timeout = 1s;
        .window = 3;
        .threshold = 2;
        .initial = 2;  # healthy from the start: a sick backend gets no requests at all
    }
}

acl purgers {
    "127.0.0.1";
    "::1";
}

sub vcl_recv {
    if (req.method == "PURGE") {
        if (local.socket != "purge" || client.ip !~ purgers) {
            return (synth(403, "Purge not allowed"));
        }
        if (req.http.xkey-softpurge) {
            set req.http.n-gone = xkey.softpurge(req.http.xkey-softpurge);
        } else if (req.http.xkey-purge) {
            set req.http.n-gone = xkey.purge(req.http.xkey-purge);
        } else {
            return (purge);  # this URL alone (every variant)
        }
        return (synth(200, "Purged " + req.http.n-gone + " objects"));
    }
    # Only requests for the listener's own use arrive on the purge socket.
    if (local.socket == "purge") {
        return (synth(405, "Only PURGE here"));
    }
    # The status page and metrics are loopback-only in nginx; behind this
    # cache nginx sees every client as 127.0.0.1, so the check is here.
    if (req.url ~ "^/_vitae/(status|metrics)") {
        if (client.ip !~ purgers) {
            return (synth(403, "Forbidden"));
        }
        return (pass);
    }
    # The editor (vitae-admin): its sessions, forms and no-store answers.
    if (req.url ~ "^/_vitae/") {
        return (pass);
    }
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # Public pages do not read cookies; a visitor's would make every request a pass.
    unset req.http.Cookie;
    unset req.http.Authorization;
    # Fresh from the worker after a purge while it is healthy; the last good
    # copy only while it is not.
    if (std.healthy(req.backend_hint)) {
        set req.grace = 0s;
    }
    return (hash);
}

sub vcl_backend_response {
    # A page the worker will purge when it changes: keep it as long as it says.
    if (beresp.http.xkey && beresp.http.Surrogate-Control ~ "max-age=[0-9]+") {
        set beresp.ttl = std.duration(regsub(beresp.http.Surrogate-Control, "^.*max-age=([0-9]+).*$", "\1s"), 0s);
        set beresp.grace = 1h;  # served stale only while the worker is down
        set beresp.keep = 1d;   # then revalidated by ETag: a 304 costs the worker little
        unset beresp.http.Surrogate-Control;
        return (deliver);
    }
    # Anything else (a redirect, a 503 while a site loads, the fast path's
    # files, nginx's own errors) is kept only if its Cache-Control says how
    # long (a stored file's content-addressed URL: a year); else never, since
    # no purge would reach it.
    if (beresp.http.Cache-Control !~ "max-age=[1-9]" || beresp.http.Cache-Control ~ "(private|no-store)") {
        set beresp.ttl = 10s;
        set beresp.uncacheable = true;  # hit-for-miss: the next requests go to the worker
        return (deliver);
    }
}

sub vcl_deliver {
    # The keys are for this cache (and for whoever debugs it from the host).
    if (client.ip !~ purgers) {
        unset resp.http.xkey;
    }
    if (obj.hits > 0) {
        set resp.http.X-Cache = "hit";
    } else {
        set resp.http.X-Cache = "miss";
    }
}
